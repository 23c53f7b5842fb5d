import { LegalPage, legalMetadata } from "@/components/legal/legal-page";

export const generateMetadata = () => legalMetadata("terms", "/termos-de-uso");

export default function Page() {
  return <LegalPage page="terms" />;
}
