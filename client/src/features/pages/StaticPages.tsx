// Placeholder: replaced by the page's real implementation.
export function AboutPage() {
  return (
    <section className="container">
      <h1>About Us</h1>
    </section>
  );
}
export function ContactPage() {
  return <section className="container"><h1>Contact</h1></section>;
}
export function PrivacyPage() {
  return <section className="container"><h1>Privacy Policy</h1></section>;
}
export function TermsPage() {
  return <section className="container"><h1>Terms of Service</h1></section>;
}
export function ReturnsPage() {
  return <section className="container"><h1>Returns &amp; Refunds</h1></section>;
}
export function SizeChartPage() {
  return <section className="container"><h1>Size Chart</h1></section>;
}
