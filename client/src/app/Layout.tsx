import { Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { Header } from "./Header.tsx";
import { Footer } from "./Footer.tsx";
import { Toaster } from "../ui/toast.tsx";
import { PageErrorBoundary } from "./PageErrorBoundary.tsx";
import { OfflineNotice } from "../ui/NetworkStatus.tsx";

/** Every route change scrolls the page to the top (not the first render: a server-rendered page may
 *  have been scrolled, or opened at an anchor, before its JavaScript arrived). */
function ScrollToTop() {
  const { pathname, search } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}

export function Layout() {
  const { pathname } = useLocation();
  return (
    <>
      <ScrollToTop />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <OfflineNotice />
      <main id="main" className="main">
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={<p className="page-status">Loading...</p>}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
      <Toaster />
    </>
  );
}
