import { LegalPage, legalMetadata } from "@/components/legal/legal-page";

export const generateMetadata = () => legalMetadata("faq", "/faq");

export default function Page() {
  return <LegalPage page="faq" />;
}
