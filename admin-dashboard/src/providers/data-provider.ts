import simpleRestProvider from 'ra-data-simple-rest';
import { httpClient } from './http-client';

/** react-admin's REST convention on /api/admin/<resource> (docs/admin-api.md). */
export const dataProvider = simpleRestProvider('/api/admin', httpClient);
