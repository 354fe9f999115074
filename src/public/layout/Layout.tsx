// Header with logo and title, a navigation bar that collapses behind a menu button on small screens, and the footer.
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from '../router';
import { consolePaths } from '../../domain/paths/consolePaths';
import { publicPaths } from '../../domain/paths/publicPaths';
import type { Role } from '../../domain/types';
import { logoAddress, type SocialKind } from '../../domain/identity/siteIdentity';
import { identityPagesText as ip } from '../../domain/messages/identityPages';
import { useIdentity } from '../identity';
import { phoneHref, phoneText } from '../phone';
import { CloseIcon, MenuIcon } from '../components/Icons';
import { Loading } from '../components/Status';
import { useSession } from '../session';
import { ui, pt } from '../text';

interface NavItem {
  to: string;
  label: string;
  /** Staff items lead into the console (another part of the site). */
  staff?: boolean;
}

const HOME: NavItem = { to: publicPaths.home.href(), label: ui['nav.home'] };
const MEN: NavItem = { to: publicPaths.men.href(), label: ui['nav.men'] };
const WOMEN: NavItem = { to: publicPaths.women.href(), label: ui['nav.women'] };
const BONES: NavItem = { to: publicPaths.bones.href(), label: ui['nav.bones'] };
const PLAN: NavItem = { to: publicPaths.plan.href(), label: pt['nav.plan'] };
const CONTACT: NavItem = { to: publicPaths.contact.href(), label: ui['nav.contact'] };
const APPROVED: NavItem = { to: publicPaths.approved.href(), label: ui['nav.approved'] };
const staffItem = (to: string, label: string): NavItem => ({ to, label, staff: true });

/** Spec section 2, "Navigation by state", with the staff paths mapped into the console. */
export function navFor(role: Role | null): NavItem[] {
  if (role === null) {
    return [HOME, MEN, WOMEN, BONES, PLAN, CONTACT, APPROVED, { to: publicPaths.login.href(), label: ui['nav.login'] }];
  }
  // The admin's links serve data entry too: both keep graves and burials; the manager's are below.
  if (role !== 'manager') {
    return [
      HOME,
      staffItem(consolePaths.createGrave(), ui['nav.creategrave']),
      staffItem(consolePaths.graves(), ui['nav.showgraves']),
      MEN,
      WOMEN,
      BONES,
      PLAN,
      CONTACT,
      APPROVED,
    ];
  }
  return [
    HOME,
    MEN,
    WOMEN,
    BONES,
    PLAN,
    staffItem(consolePaths.articles(), ui['nav.articles']),
    APPROVED,
    staffItem(consolePaths.suggestions(), ui['nav.suggestions']),
    staffItem(consolePaths.createGrave(), ui['nav.creategrave']),
    staffItem(consolePaths.graves(), ui['nav.showgraves']),
    staffItem(consolePaths.createUser(), ui['nav.register']),
    staffItem(consolePaths.password(), ui['nav.resetpassword']),
  ];
}

function Header() {
  const { user, logout } = useSession();
  const [open, setOpen] = useState(false);
  const navRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const { identity, words } = useIdentity();

  // A new page closes the menu.
  useEffect(() => setOpen(false), [location.pathname]);

  // Closes on a click (or touch) outside the menu and on Escape.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (navRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const onLogout = () => {
    logout();
    navigate(publicPaths.login.href());
  };

  return (
    <header className="site-header">
      <div className="header-bar container">
        <Link to={publicPaths.home.href()} className="brand" aria-label={words.homeLink}>
          <img src={logoAddress(identity, 120)} alt="" width="40" height="40" className="brand-logo" />
          <span className="brand-title">{words.siteTitle}</span>
        </Link>
        <button
          ref={buttonRef}
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls="main-nav"
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
          <span>{ui['nav.menu']}</span>
        </button>
      </div>
      <nav id="main-nav" ref={navRef} className={open ? 'main-nav open' : 'main-nav'} aria-label={pt['public.mainNav']}>
        <ul className="container nav-list">
          {navFor(user?.role ?? null).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === publicPaths.home.href()} className={item.staff ? 'nav-link staff' : 'nav-link'}>
                {item.label}
              </NavLink>
            </li>
          ))}
          {user && (
            <li>
              <button type="button" className="nav-link logout" onClick={onLogout}>
                {ui['nav.logout']}
              </button>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}

const SOCIAL_NAMES: Record<SocialKind, string> = {
  facebook: ip['identityPages.social.facebook'],
  whatsapp: ip['identityPages.social.whatsapp'],
  youtube: ip['identityPages.social.youtube'],
  x: ip['identityPages.social.x'],
  instagram: ip['identityPages.social.instagram'],
  telegram: ip['identityPages.social.telegram'],
  website: ip['identityPages.social.website'],
};


function Footer() {
  const { identity, words } = useIdentity();
  const { emails, phones, address, social } = identity.contact;
  const reach = emails.length + phones.length > 0 || address !== '';
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        {/* The year of the server's markup and of the browser may differ for a moment at New Year: no error. */}
        <p suppressHydrationWarning>
          {words.rights(new Intl.DateTimeFormat('ar-EG', { year: 'numeric' }).format(new Date()))}
        </p>
        <ul className="footer-links">
          <li>
            <Link to={publicPaths.contact.href()}>{ui['footer.contact']}</Link>
          </li>
          {social.map((link) => (
            <li key={link.kind + link.url}>
              <a href={link.url} target="_blank" rel="noopener noreferrer">
                {SOCIAL_NAMES[link.kind]}
              </a>
            </li>
          ))}
        </ul>
        {reach && (
          <address className="footer-contact" aria-label={ip['identityPages.contacts']}>
            {emails.map((email) => (
              <a key={email} href={`mailto:${email}`} dir="ltr">
                <span className="visually-hidden">{ip['identityPages.email']}: </span>
                {email}
              </a>
            ))}
            {phones.map((phone) => (
              <a key={phone} href={phoneHref(phone)} dir="ltr">
                <span className="visually-hidden">{ip['identityPages.phone']}: </span>
                {phoneText(phone)}
              </a>
            ))}
            {address && (
              <span>
                <span className="visually-hidden">{ip['identityPages.address']}: </span>
                {address}
              </span>
            )}
          </address>
        )}
      </div>
    </footer>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#content">
        {pt['public.skipToContent']}
      </a>
      <Header />
      <main id="content" className="container site-main" tabIndex={-1}>
        {/* A screen-tall placeholder: the footer stays out of view until the page is drawn (no layout shift). */}
        <Suspense fallback={<Loading page />}>{children}</Suspense>
      </main>
      <Footer />
    </>
  );
}
