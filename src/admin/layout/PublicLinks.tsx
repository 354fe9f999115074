// The console menu's links to the public site: the public page of the grave, article or notice on screen, and the
// public pages the specification's staff menu holds. Plain links: each is a full page load of the public site.
import { Box, Divider, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useSidebarState } from 'react-admin';
import { matchPath, useLocation } from 'react-router';
import PublicIcon from '@mui/icons-material/Public';
import SectionIcon from '@mui/icons-material/Place';
import ContactIcon from '@mui/icons-material/Mail';
import ApprovedIcon from '@mui/icons-material/ThumbUp';
import OpenIcon from '@mui/icons-material/OpenInNew';
import { t } from '../../domain/messages';
import { CONSOLE_BASE } from '../../domain/paths/consolePaths';
import { publicPaths } from '../../domain/paths/publicPaths';

/** The public pages the specification's staff menu holds (men, women, bones, contact, approved suggestions). */
const PUBLIC_LINKS = [
  { href: publicPaths.home.href(), label: t('admin.visitSite'), icon: <PublicIcon /> },
  { href: publicPaths.men.href(), label: t('nav.men'), icon: <SectionIcon /> },
  { href: publicPaths.women.href(), label: t('nav.women'), icon: <SectionIcon /> },
  { href: publicPaths.bones.href(), label: t('nav.bones'), icon: <SectionIcon /> },
  { href: publicPaths.contact.href(), label: t('nav.contact'), icon: <ContactIcon /> },
  { href: publicPaths.approved.href(), label: t('nav.approved'), icon: <ApprovedIcon /> },
];

/** The public page of the grave, article or notice on screen, when there is one. */
export function publicPageOf(pathname: string): { href: string; label: string } | null {
  const grave = matchPath({ path: `${CONSOLE_BASE}/graves/:id/*` }, pathname);
  if (grave?.params.id && grave.params.id !== 'create') {
    return { href: publicPaths.grave.href(grave.params.id), label: t('admin.viewGrave') };
  }
  const article = matchPath({ path: `${CONSOLE_BASE}/articles/:id/*` }, pathname);
  if (article?.params.id && article.params.id !== 'create') {
    return { href: publicPaths.article.href(article.params.id), label: t('admin.viewArticle') };
  }
  const notice = matchPath({ path: `${CONSOLE_BASE}/notices/:id/*` }, pathname);
  if (notice?.params.id && notice.params.id !== 'create') {
    return { href: publicPaths.notice.href(notice.params.id), label: t('noticesConsole.viewPublic') };
  }
  return null;
}

/**
 * Links that leave the console for the public site: plain links (a full page load), apart from the console's own
 * menu items so that the menu lists only the console's pages.
 */
export function PublicLinks() {
  const { pathname } = useLocation();
  const [open] = useSidebarState();
  const here = publicPageOf(pathname);
  const links = here ? [{ ...here, icon: <OpenIcon /> }, ...PUBLIC_LINKS] : PUBLIC_LINKS;
  return (
    <Box component="nav" aria-label={t('admin.publicPages')}>
      <Divider />
      {open && (
        <Typography variant="overline" component="p" sx={{ px: 2, pt: 1, color: 'text.secondary' }}>
          {t('admin.publicPages')}
        </Typography>
      )}
      <List dense disablePadding>
        {links.map((link) => (
          <ListItem key={link.href} disablePadding>
            <ListItemButton component="a" href={link.href} sx={{ color: 'text.secondary' }}>
              <ListItemIcon sx={{ color: 'inherit' }}>{link.icon}</ListItemIcon>
              <ListItemText primary={link.label} slotProps={{ primary: { noWrap: true } }} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
