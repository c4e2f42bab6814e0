import { Link } from "react-router-dom";
import { storeSettings } from "../lib/store-settings.ts";
import { Icon } from "../ui/Icon.tsx";

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section>
          <h2 className="footer-title">{storeSettings.name}</h2>
          <p>Look great, feel great, pay less. Quality pre-loved clothing delivered across Nigeria.</p>
        </section>
        <section>
          <h2 className="footer-title">Quick Links</h2>
          <ul>
            <li><Link to="/about">About Us</Link></li>
            <li><Link to="/products">Shop</Link></li>
            <li><Link to="/contact">Contact</Link></li>
            <li><Link to="/returns">Returns &amp; Refunds</Link></li>
          </ul>
        </section>
        <section>
          <h2 className="footer-title">Legal</h2>
          <ul>
            <li><Link to="/privacy">Privacy Policy</Link></li>
            <li><Link to="/terms">Terms of Service</Link></li>
          </ul>
        </section>
        <section>
          <h2 className="footer-title">Contact</h2>
          <ul>
            <li><a href={`tel:${storeSettings.phone.replace(/\s/g, "")}`}>{storeSettings.phone}</a></li>
            <li><a href={storeSettings.mapUrl} target="_blank" rel="noopener noreferrer">{storeSettings.address}</a></li>
          </ul>
          <p className="footer-social">
            <a href={`https://wa.me/${storeSettings.whatsapp}`} target="_blank" rel="noopener noreferrer" aria-label="WhatsApp"><Icon name="whatsapp" /></a>
            <a href={storeSettings.instagramUrl} target="_blank" rel="noopener noreferrer" aria-label="Instagram"><Icon name="instagram" /></a>
            <a href={storeSettings.tiktokUrl} target="_blank" rel="noopener noreferrer" aria-label="TikTok"><Icon name="tiktok" /></a>
          </p>
        </section>
      </div>
      <p className="container footer-bottom">© {new Date().getFullYear()} {storeSettings.name}. All rights reserved.</p>
    </footer>
  );
}
