import { type AdminDevice, adminDeviceSchema } from '@kort/contracts';
import { AdminDevicesService, devicesListQuery } from './admin-devices.service';
import { AdminResourceController, ResourceReads } from '../resources/resource-reads';

/** The dashboard's `devices` resource (docs/admin-api.md). Read only. Filters: id, kind ('relay'|'sensor'), on. */
@AdminResourceController('devices')
export class AdminDevicesController extends ResourceReads<AdminDevice, typeof devicesListQuery>(
  'devices',
  devicesListQuery,
  adminDeviceSchema,
) {
  constructor(private readonly devices: AdminDevicesService) {
    super({
      list: (query, site) => devices.devicesList(site, query),
      get: (id, site) => devices.device(site, id),
    });
  }
}
