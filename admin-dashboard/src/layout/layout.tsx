import { Fragment, type ReactNode } from 'react';
import { AppBar, Layout, TitlePortal, type LayoutProps } from 'react-admin';
import { useChosenSiteId } from '../providers/site-choice';
import { KortMenu } from './menu';
import { SiteSwitcher } from './site-switcher';

/** react-admin's app bar with the page title and, for an admin of several sites, the site switcher. */
function KortAppBar() {
  return (
    <AppBar>
      <TitlePortal />
      <SiteSwitcher />
    </AppBar>
  );
}

/**
 * What is shown for the chosen site, mounted again when another is chosen: its lists, counters and
 * live panel start over on the new site's data instead of showing the old one's meanwhile.
 */
export function SiteScope({ children }: { children: ReactNode }) {
  const site = useChosenSiteId();
  return <Fragment key={site ?? ''}>{children}</Fragment>;
}

/**
 * react-admin's layout with our menu and app bar. The layout and its content column may be
 * narrower than their content's widest line (react-admin makes the layout `min-width:
 * fit-content`): scrollable tabs and tables then scroll inside a phone's width instead of widening
 * the whole page.
 */
export function KortLayout({ children }: LayoutProps) {
  return (
    <Layout menu={KortMenu} appBar={KortAppBar} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
      <SiteScope>{children}</SiteScope>
    </Layout>
  );
}
