import { ShopHome } from "@/components/console/shop-home";

export default function ShopConsoleHome() {
  return <ShopHome />;
}
