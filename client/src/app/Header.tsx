import { memo, useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router-dom";
import { useApolloClient, useMutation } from "@apollo/client/react";
import { graphql } from "../gql/index.ts";
import { storeSettings } from "../lib/store-settings.ts";
import { useCartCount } from "../features/cart/useCartCount.ts";
import { useSavedCount } from "../features/saved/saved-store.ts";
import { CATEGORY_MENU, type MenuGroup } from "./menu.ts";
import { useViewer, type Viewer } from "../lib/viewer.ts";
import { useMounted } from "../lib/hydration.tsx";
import { Icon } from "../ui/Icon.tsx";

const LogOutMutation = graphql(`
  mutation LogOut {
    logOut
  }
`);

/** A category group's links, the same in the desktop dropdown and the phone menu's accordion. */
function GroupLinks({ group }: { group: MenuGroup }) {
  return (
    <>
      <Link to={group.to}>All {group.label}</Link>
      {group.children.map((child) => (
        <Link key={child.to} to={child.to}>
          {child.label}
        </Link>
      ))}
    </>
  );
}

/** A category group with sub-categories, as the desktop menu shows it: a disclosure button that
 *  opens on Enter (its links join the Tab order only then; issue 40: 46 Tabs to the first product),
 *  and on hover for a mouse. Escape, a link chosen or focus leaving closes it. */
function DropdownGroup({ group }: { group: MenuGroup }) {
  const [open, setOpen] = useState(false);
  const panel = `menu-${group.label}`;
  return (
    <div
      className={open ? "dropdown is-open" : "dropdown"}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        setOpen(false);
        (event.currentTarget.firstChild as HTMLElement).focus();
      }}
      onBlur={(event) => event.currentTarget.contains(event.relatedTarget) || setOpen(false)}
    >
      <button type="button" className="dropdown__trigger" aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
        {group.label} <Icon name="chevron" />
      </button>
      <div className="dropdown__panel" id={panel} onClick={() => setOpen(false)}>
        <GroupLinks group={group} />
      </div>
    </div>
  );
}

/** The same group in the phone menu: a <details>, which opens and closes by itself, with or
 *  without JavaScript. */
function AccordionGroup({ group }: { group: MenuGroup }) {
  return (
    <details className="accordion">
      <summary className="accordion__trigger">
        {group.label} <Icon name="chevron" />
      </summary>
      <div className="accordion__panel">
        <GroupLinks group={group} />
      </div>
    </details>
  );
}

/** The category menu (groups with sub-categories drawn by `Group`, the rest as plain links): the
 *  same for everyone, so kept as it is (memo) when the header re-renders for the viewer, the
 *  counts or hydration; it is most of the header's links. */
const CategoryMenu = memo(function CategoryMenu({ Group }: { Group: typeof DropdownGroup }) {
  return (
    <>
      {CATEGORY_MENU.map((group) =>
        group.children.length ? (
          <Group key={group.label} group={group} />
        ) : (
          <Link key={group.label} to={group.to}>
            {group.label}
          </Link>
        ),
      )}
    </>
  );
});

/** Signs out, empties the cache (nothing of the account stays in memory) and goes home. */
function useLogOut(): () => Promise<void> {
  const apollo = useApolloClient();
  const navigate = useNavigate();
  const [logOut] = useMutation(LogOutMutation);
  return async () => {
    await logOut().catch(() => undefined);
    await apollo.resetStore().catch(() => undefined);
    navigate("/");
  };
}

type ViewerParts = {
  viewer: Viewer | null;
  /** Whether `viewer` is the shop's answer. Until then (and while the shop cannot be asked) the
   *  guest's "Login" link carries the class `guest-only`, which hides it from a browser that may be
   *  signed in (common/signed-in.ts). */
  known: boolean;
  savedCount: number;
  cartCount: number;
  logOut: () => void;
};

type ViewerPartsProps = {
  render: (parts: ViewerParts) => ReactNode;
  /** Whether these parts show the cart and saved counts (one place in the header does). */
  counts?: boolean;
};

/**
 * The header's parts that depend on who is browsing: the viewer, the cart and saved counts. The
 * server renders them for a guest and hydration renders the same with no Apollo work at all; the
 * live parts take over in the render after hydration (useMounted), in tasks of their own, instead
 * of adding their queries' setup to hydration's longest task on a slow phone.
 */
function ViewerParts({ render, counts = false }: ViewerPartsProps) {
  if (!useMounted()) return render({ viewer: null, known: false, savedCount: 0, cartCount: 0, logOut: () => undefined });
  return counts ? <LiveViewerCounts render={render} /> : <LiveViewer render={render} />;
}

function LiveViewer({ render }: ViewerPartsProps) {
  const { viewer, loading, error } = useViewer();
  const logOut = useLogOut();
  return render({ viewer, known: !loading && !error, savedCount: 0, cartCount: 0, logOut: () => void logOut() });
}

function LiveViewerCounts({ render }: ViewerPartsProps) {
  const { viewer, loading, error } = useViewer();
  const cartCount = useCartCount();
  const apollo = useApolloClient();
  const savedCount = useSavedCount(apollo, loading || error ? undefined : (viewer?.id ?? null));
  const logOut = useLogOut();
  return render({ viewer, known: !loading && !error, savedCount, cartCount, logOut: () => void logOut() });
}

export function Header() {
  const mounted = useMounted();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  const toggle = useRef<HTMLAnchorElement>(null);

  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);
  // A tap on the menu that the page's script did not handle (before hydration, or while React was
  // still hydrating and dropped it) opens it by CSS alone (:target, #mobile-menu in the address):
  // the page's state takes it over, so its Close and Escape work. Replacing the fragment clears
  // :target (history.replaceState alone would not); the bare "#" is then dropped.
  useEffect(() => {
    const takeOver = () => {
      if (window.location.hash !== "#mobile-menu") return;
      setMenuOpen(true);
      window.location.replace("#");
      history.replaceState(history.state, "", window.location.pathname + window.location.search);
    };
    takeOver();
    addEventListener("hashchange", takeOver);
    return () => removeEventListener("hashchange", takeOver);
  }, []);
  // Escape closes the open menu and puts focus back on the button that opened it.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  function closeMenu(event: MouseEvent) {
    event.preventDefault();
    setMenuOpen(false);
  }

  return (
    <header className="site-header">
      <div className="top-bar">
        <div className="container top-bar__inner">
          <a href={`tel:${storeSettings.phone.replace(/\s/g, "")}`} className="top-bar__item">
            <Icon name="phone" /> {storeSettings.phone}
          </a>
          {/* SPEC's top bar has the map link on phones too: "Map" there, the address from 960 px. */}
          <a href={storeSettings.mapUrl} target="_blank" rel="noopener noreferrer" className="top-bar__item top-bar__address">
            <Icon name="pin" /> <span className="top-bar__map">Map </span>
            <span className="top-bar__address-text">{storeSettings.address}</span>
          </a>
          <span className="top-bar__social">
            <a href={`https://wa.me/${storeSettings.whatsapp}`} target="_blank" rel="noopener noreferrer" aria-label="WhatsApp">
              <Icon name="whatsapp" />
            </a>
            <a href={storeSettings.instagramUrl} target="_blank" rel="noopener noreferrer" aria-label="Instagram">
              <Icon name="instagram" />
            </a>
            <a href={storeSettings.tiktokUrl} target="_blank" rel="noopener noreferrer" aria-label="TikTok">
              <Icon name="tiktok" />
            </a>
          </span>
        </div>
      </div>
      <div className="container nav-bar">
        {/* A link to the menu, so it opens without JavaScript too (CSS :target); with JavaScript the
            page's own state opens it and the address keeps no #mobile-menu. */}
        <a
          ref={toggle}
          href="#mobile-menu"
          role="button"
          className="icon-button nav-bar__toggle"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={(event) => {
            event.preventDefault();
            setMenuOpen(true);
          }}
        >
          <Icon name="menu" />
        </a>
        {/* Named by its visible text (WCAG 2.5.3: a label must contain what is seen). */}
        <Link to="/" className="logo">
          <span className="logo__mark" aria-hidden="true">
            T
          </span>
          <span className="logo__text">{storeSettings.name}</span>
        </Link>
        {/* Until the page's script runs the menu buttons do nothing: focus inside opens them (CSS). */}
        <nav className={mounted ? "main-nav" : "main-nav main-nav--static"} aria-label="Main">
          <NavLink to="/" end>
            Home
          </NavLink>
          <CategoryMenu Group={DropdownGroup} />
          <NavLink to="/size-chart">Size Chart</NavLink>
          <NavLink to="/about">About</NavLink>
          <NavLink to="/contact">Contact</NavLink>
          <ViewerParts render={({ viewer }) => viewer && viewer.role !== "customer" && <NavLink to="/admin">Admin</NavLink>} />
        </nav>
        <div className="nav-bar__actions">
          <ViewerParts
            counts
            render={({ viewer, known, savedCount, cartCount, logOut }) => (
              <>
                <Link to="/saved" className="icon-button" aria-label={`Saved items, ${savedCount}`}>
                  <Icon name="heart" />
                  {savedCount > 0 && <span className="badge">{savedCount}</span>}
                </Link>
                <Link to="/cart" className="icon-button cart-link" aria-label={`Cart, ${cartCount} items`}>
                  <Icon name="cart" />
                  {cartCount > 0 && (
                    <span className="badge" data-testid="cart-count">
                      {cartCount}
                    </span>
                  )}
                </Link>
                {viewer ? (
                  <>
                    <Link to="/account" className="icon-button" aria-label="Account">
                      <Icon name="user" />
                    </Link>
                    <button type="button" className="link-button" onClick={logOut}>
                      Logout
                    </button>
                  </>
                ) : (
                  <Link to="/auth" className={known ? "link-button" : "link-button guest-only"}>
                    Login
                  </Link>
                )}
              </>
            )}
          />
        </div>
      </div>

      {/* Closed, it is hidden (visibility) from everyone; aria-hidden only once the page's script runs,
          since without it the menu opens by CSS alone. */}
      <div className={`mobile-menu${menuOpen ? " is-open" : ""}`} id="mobile-menu" aria-hidden={mounted ? !menuOpen : undefined}>
        <a href="#" className="mobile-menu__backdrop" tabIndex={-1} aria-hidden="true" onClick={closeMenu} />
        <nav className="mobile-menu__panel" aria-label="Mobile">
          <div className="mobile-menu__head">
            <span className="logo__text">{storeSettings.name}</span>
            <a href="#" role="button" className="icon-button" aria-label="Close menu" onClick={closeMenu}>
              <Icon name="close" />
            </a>
          </div>
          <Link to="/">Home</Link>
          <CategoryMenu Group={AccordionGroup} />
          <Link to="/size-chart">Size Chart</Link>
          <Link to="/about">About</Link>
          <Link to="/contact">Contact</Link>
          <ViewerParts
            render={({ viewer, known, logOut }) =>
              viewer ? (
                <>
                  {viewer.role !== "customer" && <Link to="/admin">Admin</Link>}
                  <Link to="/account">My Account</Link>
                  <button type="button" className="link-button" onClick={logOut}>
                    Logout
                  </button>
                </>
              ) : (
                <Link to="/auth" className={known ? undefined : "guest-only"}>
                  Login
                </Link>
              )
            }
          />
        </nav>
      </div>
    </header>
  );
}
