import { LegalPage, legalMetadata } from "@/components/legal/legal-page";

export const generateMetadata = () => legalMetadata("contact", "/fale-conosco");

export default function Page() {
  return <LegalPage page="contact" />;
}
