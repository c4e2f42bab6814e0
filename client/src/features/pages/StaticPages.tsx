// Static pages (SPEC §2, §9): About, Contact, Privacy, Terms, Returns & Refunds (the Size Chart is its
// own page module, SizeChartPage.tsx: its tables and condition grades are no weight for these pages).
// Contact details come from the store settings, never typed into a page.
import { Link } from "react-router-dom";
import { Page } from "./StaticPage.tsx";
import { OPENING_HOURS, storeSettings } from "../../lib/store-settings.ts";
import { Icon } from "../../ui/Icon.tsx";
import { StructuredData } from "../../ui/StructuredData.tsx";
import { clothingStore } from "../../../../common/structured-data.ts";
import { useSiteOrigin } from "../../lib/hydration.tsx";

const tel = () => `tel:${storeSettings.phone.replace(/[^\d+]/g, "")}`;
const whatsapp = () => `https://wa.me/${storeSettings.whatsapp}`;

export function AboutPage() {
  const name = storeSettings.name;
  return (
    <Page title="About Us" path="/about" description={`${name} sells quality pre-loved clothing for ladies, men and kids, bales and unisex items across Nigeria.`}>
      <p className="lead">Look great, feel great, pay less.</p>
      <p>
        {name} is a Nigerian thrift store for people who love good clothes but not inflated prices. We buy quality pre-loved clothing, open and sort every
        bale by hand, and list only the pieces we would wear ourselves: ladies' tops, skirts, pants and gowns; men's tops, pants and shorts; clothes for
        boys and girls; unisex items; and full bales for resellers.
      </p>
      <h2>How we choose what we sell</h2>
      <ul>
        <li>Every item is checked for stains, holes, broken zips and missing buttons before it is photographed.</li>
        <li>Items are washed or steamed, folded and packed so they arrive ready to wear.</li>
        <li>If a piece has a small flaw, we say so in the description. No surprises when your parcel arrives.</li>
        <li>Each listing shows the real size on the label; use our <Link to="/size-chart">size chart</Link> to check the fit.</li>
      </ul>
      <h2>Shopping with us</h2>
      <p>
        Prices are in naira and you pay by bank transfer. We deliver to your door, send your parcel to a motor park near you, or you can pick up your
        order from our shop at {storeSettings.pickupAddress}. Most of our pieces are one of a kind, so when something catches your eye, don't wait too long.
      </p>
      <h2>Why thrift?</h2>
      <p>
        Buying pre-loved saves you money and keeps wearable clothes out of landfills and gutters. It also supports the many Nigerian traders, washers
        and tailors who give these clothes a second life.
      </p>
      <p>
        <Link to="/products" className="button">
          Start Shopping
        </Link>{" "}
        <Link to="/contact" className="button button--ghost">
          Contact Us
        </Link>
      </p>
    </Page>
  );
}

export function ContactPage() {
  const origin = useSiteOrigin();
  return (
    <Page title="Contact Us" path="/contact" description={`Call, WhatsApp or visit ${storeSettings.name}. Open Mon-Fri 9:00 AM-6:00 PM, Sat 10:00 AM-4:00 PM.`}>
      <StructuredData data={clothingStore(storeSettings, origin)} />
      <p>Questions about an item, your order or a bale? We are happy to help.</p>
      <div className="contact-grid">
        <section className="contact-card">
          <h2>Visit us</h2>
          <address>
            <a href={storeSettings.mapUrl} target="_blank" rel="noopener noreferrer">
              <Icon name="pin" /> {storeSettings.address}
            </a>
          </address>
        </section>
        <section className="contact-card">
          <h2>Call or chat</h2>
          <ul className="contact-list">
            <li>
              <a href={tel()}>
                <Icon name="phone" /> Call {storeSettings.phone}
              </a>
            </li>
            <li>
              <a href={whatsapp()} target="_blank" rel="noopener noreferrer">
                <Icon name="whatsapp" /> Chat on WhatsApp
              </a>
            </li>
            {storeSettings.email && (
              <li>
                <a href={`mailto:${storeSettings.email}`}>{storeSettings.email}</a>
              </li>
            )}
          </ul>
        </section>
        <section className="contact-card">
          <h2>Follow us</h2>
          <ul className="contact-list">
            <li>
              <a href={storeSettings.instagramUrl} target="_blank" rel="noopener noreferrer">
                <Icon name="instagram" /> Instagram
              </a>
            </li>
            <li>
              <a href={storeSettings.tiktokUrl} target="_blank" rel="noopener noreferrer">
                <Icon name="tiktok" /> TikTok
              </a>
            </li>
          </ul>
        </section>
        <section className="contact-card">
          <h2>Opening hours</h2>
          <dl className="hours">
            {OPENING_HOURS.map((row) => (
              <div key={row.days}>
                <dt>{row.days}</dt>
                <dd>{row.hours}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </Page>
  );
}

export function PrivacyPage() {
  const name = storeSettings.name;
  return (
    <Page title="Privacy Policy" path="/privacy" description={`How ${name} collects, uses and protects your personal data.`}>
      <p>
        This policy explains what personal data {name} collects when you shop with us, why, and your rights under the Nigeria Data Protection Act 2023.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>Account details: your email address, name and, if you add them, phone number, address and profile photo.</li>
        <li>Order details: the name, email, phone number and delivery address you give at checkout, the items you buy and your payment status.</li>
        <li>Payment evidence: transfer receipts you upload so we can confirm your payment. We never ask for or store your card or bank login details.</li>
        <li>Technical data: a session cookie that keeps you signed in, and your cart saved in your browser.</li>
      </ul>
      <h2>How we use it</h2>
      <ul>
        <li>To process, deliver and support your orders, and to send order confirmations and status updates.</li>
        <li>To confirm bank transfers and prevent fraud.</li>
        <li>To answer your questions when you contact us.</li>
      </ul>
      <p>We do not sell your data or use it for third-party advertising.</p>
      <h2>Who we share it with</h2>
      <p>
        Only those who help us fulfil your order: delivery riders and transport companies (your name, phone and address), and the service providers that
        host our website, store images and send our emails, under confidentiality obligations.
      </p>
      <h2>How long we keep it</h2>
      <p>Order records are kept for six years for accounting and tax purposes. Account data is kept until you ask us to delete your account.</p>
      <h2>Your rights</h2>
      <p>
        You can ask to see, correct or delete your personal data, or object to how we use it, by contacting us through the <Link to="/contact">contact page</Link>
        {storeSettings.email ? ` or at ${storeSettings.email}` : ""}. You may also complain to the Nigeria Data Protection Commission.
      </p>
    </Page>
  );
}

export function TermsPage() {
  const name = storeSettings.name;
  return (
    <Page title="Terms of Service" path="/terms" description={`The terms that apply when you buy from ${name}.`}>
      <p>By using this website or placing an order with {name}, you agree to these terms.</p>
      <h2>Our products</h2>
      <p>
        Our items are pre-loved. We describe and photograph each one honestly, including any visible flaws, but small signs of previous wear are normal
        for second-hand clothing. Colours may look slightly different on your screen.
      </p>
      <h2>Prices and payment</h2>
      <ul>
        <li>All prices are in Nigerian naira (₦). The total charged is the total shown when you place your order.</li>
        <li>Payment is by bank transfer to the account shown at checkout. Use your order reference in the transfer narration.</li>
        <li>Items in an unpaid order are held for a limited time. If payment is not received in time, the order may be cancelled and the items released.</li>
      </ul>
      <h2>Orders</h2>
      <p>
        An order is accepted when we confirm your payment. If an item turns out to be unavailable after you pay, we will refund you in full for that item.
      </p>
      <h2>Delivery and pickup</h2>
      <p>
        We deliver to your door or to a motor park you choose, or you can pick up from our store at {storeSettings.pickupAddress}. Delivery times are
        estimates; delays caused by transport companies or events outside our control are not our fault, but we will help you follow up.
      </p>
      <h2>Returns</h2>
      <p>
        Returns and refunds follow our <Link to="/returns">Returns &amp; Refunds policy</Link>.
      </p>
      <h2>Accounts</h2>
      <p>Keep your password safe. You are responsible for orders placed from your account. We may suspend accounts used for fraud or abuse.</p>
      <h2>Governing law</h2>
      <p>These terms are governed by the laws of the Federal Republic of Nigeria.</p>
    </Page>
  );
}

export function ReturnsPage() {
  return (
    <Page title="Returns & Refunds" path="/returns" description="14-day returns on unworn items with tags; refunds within 5-7 business days.">
      <p>We want you to love what you buy. If something is not right, here is how returns work.</p>
      <h2>Return window</h2>
      <p>You can return an item within 14 days of receiving it.</p>
      <h2>Condition</h2>
      <p>Items must be unworn, unwashed and returned with their tags attached.</p>
      <h2>Return shipping</h2>
      <p>
        Return shipping is paid by the customer, unless the error is ours (for example a wrong item, a wrong size, or a flaw we did not describe), in
        which case we pay for the return.
      </p>
      <h2>Refunds</h2>
      <p>Once we receive and check the returned item, we refund you within 5-7 business days to the bank account you tell us.</p>
      <h2>How to start a return</h2>
      <ol>
        <li>
          Contact us by <a href={whatsapp()}>WhatsApp</a> or <a href={tel()}>phone ({storeSettings.phone})</a> with your order reference and the item
          you want to return.
        </li>
        <li>We confirm the return and tell you where to send it, or you can bring it to our store.</li>
        <li>Send the item, unworn and with its tags, within 14 days of delivery.</li>
      </ol>
    </Page>
  );
}
