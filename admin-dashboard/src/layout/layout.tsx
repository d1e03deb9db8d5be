import { useMediaQuery, type Theme } from '@mui/material';
import { Fragment, type ReactNode } from 'react';
import { AppBar, Layout, TitlePortal, type LayoutProps } from 'react-admin';
import { useChosenSiteId } from '../providers/site-choice';
import { KortMenu } from './menu';
import { SiteSwitcher } from './site-switcher';

/** A phone's width: the app bar has room for the title alone. */
const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

/**
 * react-admin's app bar with the page title and, on a wider screen, the site switcher for an admin
 * of several sites. On a phone the title has the bar to itself and may take two lines: it is never
 * cut short or covered (the switcher is above the page there, KortLayout).
 */
function KortAppBar() {
  const phone = usePhone();
  return (
    <AppBar>
      <TitlePortal
        sx={{
          whiteSpace: { xs: 'normal', sm: 'nowrap' },
          fontSize: { xs: '1.05rem', sm: undefined },
          lineHeight: { xs: 1.2, sm: undefined },
        }}
      />
      {!phone && <SiteSwitcher place="app-bar" />}
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
 * react-admin's layout with our menu and app bar; on a phone the site switcher heads every page, the
 * width of the screen, instead of squeezing the title in the app bar. The layout and its content column may be
 * narrower than their content's widest line (react-admin makes the layout `min-width:
 * fit-content`): scrollable tabs and tables then scroll inside a phone's width instead of widening
 * the whole page.
 */
export function KortLayout({ children }: LayoutProps) {
  const phone = usePhone();
  return (
    <Layout menu={KortMenu} appBar={KortAppBar} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
      {phone && <SiteSwitcher place="page" />}
      <SiteScope>{children}</SiteScope>
    </Layout>
  );
}
