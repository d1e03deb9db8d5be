import InventoryIcon from '@mui/icons-material/Inventory2';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import { Menu, usePermissions, useTranslate } from 'react-admin';
import { StatsIcon } from '../resources/stats';

/**
 * The side menu (a drawer on phones): home and the site's alerts, the games and the club's shape (courts, closures, school
 * terms, prices and payments), the spec's shelves and equipment pages, the statistics, the logs and the settings; and,
 * for an owner, the install's sites and its agents' updates.
 */
export function KortMenu() {
  const translate = useTranslate();
  const { permissions } = usePermissions<string>();
  return (
    <Menu>
      <Menu.DashboardItem primaryText={translate('kort.menu.home')} />
      <Menu.ResourceItem name="alerts" />
      <Menu.ResourceItem name="users" />
      <Menu.ResourceItem name="bookings" />
      <Menu.ResourceItem name="courts" />
      <Menu.ResourceItem name="closures" />
      <Menu.ResourceItem name="series" />
      <Menu.ResourceItem name="prices" />
      <Menu.ResourceItem name="payments" />
      <Menu.Item to="/admin_boxes" primaryText={translate('kort.menu.boxes')} leftIcon={<ViewModuleIcon />} />
      <Menu.Item to="/admin_equipment" primaryText={translate('kort.menu.equipment')} leftIcon={<InventoryIcon />} />
      <Menu.Item to="/stats" primaryText={translate('kort.stats.title')} leftIcon={<StatsIcon />} />
      <Menu.ResourceItem name="commands" />
      <Menu.ResourceItem name="actions" />
      <Menu.ResourceItem name="settings" />
      {permissions === 'owner' && <Menu.ResourceItem name="sites" />}
      {permissions === 'owner' && <Menu.ResourceItem name="agent-releases" />}
    </Menu>
  );
}
