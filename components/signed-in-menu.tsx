"use client";
// The signed-in client's avatar and menu: loaded only once there is a session, so visitors (most of
// those who open a shared link) do not download it (decision 0033; see ./account-menu.tsx).
import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { logout } from "@/lib/api/account";
import { useDismiss } from "@/lib/hooks/use-dismiss";
import type { TUser } from "@/lib/contract/users";
import { Avatar } from "./ui/avatar";

export type AccountMenuLabels = {
  signIn: string;
  appointments: string;
  favorites: string;
  profile: string;
  accountMenu: string;
  signOut: string;
  console: string;
};

// Whether the account works at a shop (then the menu offers the shop's console): asked when the menu first shows and
// again at each opening until it is yes (an account that has just registered its shop).
let staffOnce: { userId: number; answer: Promise<boolean> } | null = null;
function worksAtAShop(userId: number): Promise<boolean> {
  if (staffOnce?.userId !== userId) {
    const answer = import("@/lib/api/console")
      .then(({ getMyShops }) => getMyShops())
      .then((r) => {
        if (r.items.length === 0) staffOnce = null;
        return r.items.length > 0;
      })
      .catch(() => {
        staffOnce = null;
        return false;
      });
    staffOnce = { userId, answer };
  }
  return staffOnce.answer;
}

export default function SignedInMenu({ user, labels }: { user: TUser; labels: AccountMenuLabels }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const [isStaff, setIsStaff] = useState(false);

  useEffect(() => {
    let live = true;
    void worksAtAShop(user.id).then((v) => live && setIsStaff(v));
    return () => {
      live = false;
    };
  }, [user.id, open]);

  useDismiss(open, ref, () => setOpen(false));

  const links = [
    { href: "/agendamentos", label: labels.appointments },
    { href: "/favoritos", label: labels.favorites },
    { href: "/perfil", label: labels.profile },
    ...(isStaff ? [{ href: "/painel", label: labels.console }] : []),
  ];

  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        className="flex min-h-11 items-center gap-2 rounded-full pr-1 pl-1 text-sm hover:text-primary"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar name={user.name} url={user.avatar_url} size={36} loading="eager" />
        <span className="hidden max-w-32 truncate md:inline">{user.name.split(" ")[0]}</span>
        <span className="sr-only">{labels.accountMenu}</span>
      </button>
      {open && (
        <div role="menu" className="card absolute right-0 z-50 mt-2 w-56 p-2 shadow-xl">
          {links.map((l) => (
            <Link key={l.href} role="menuitem" href={l.href} className="block rounded-md px-3 py-2 text-sm hover:bg-surface-2" onClick={() => setOpen(false)}>
              {l.label}
            </Link>
          ))}
          <button
            role="menuitem"
            type="button"
            className="block w-full rounded-md px-3 py-2 text-left text-sm text-danger hover:bg-surface-2"
            onClick={() => {
              void logout();
              setOpen(false);
              router.push("/");
            }}
          >
            {labels.signOut}
          </button>
        </div>
      )}
    </div>
  );
}
