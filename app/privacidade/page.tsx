import { LegalPage, legalMetadata } from "@/components/legal/legal-page";

export const generateMetadata = () => legalMetadata("privacy", "/privacidade");

export default function Page() {
  return <LegalPage page="privacy" />;
}
