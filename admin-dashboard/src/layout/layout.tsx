import { Layout, type LayoutProps } from 'react-admin';
import { KortMenu } from './menu';

/**
 * react-admin's layout with our menu. The layout and its content column may be narrower than their
 * content's widest line (react-admin makes the layout `min-width: fit-content`): scrollable tabs
 * and tables then scroll inside a phone's width instead of widening the whole page.
 */
export function KortLayout({ children }: LayoutProps) {
  return (
    <Layout menu={KortMenu} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
      {children}
    </Layout>
  );
}
