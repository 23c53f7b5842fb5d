import { LegalPage, legalMetadata } from "@/components/legal/legal-page";

export const generateMetadata = () => legalMetadata("transparency", "/transparencia");

export default function Page() {
  return <LegalPage page="transparency" />;
}
