import { Create, SimpleForm } from 'react-admin';
import { SiteInputs, validateNewSite } from './site-inputs';

/** A new site (owners): it starts with two courts and the spec's rules; its agent's token comes next. */
export function SiteCreate() {
  return (
    <Create title="kort.sites.new" redirect="edit">
      <SimpleForm
        defaultValues={{ name: '', slug: '', timezone: 'Europe/Moscow', address: '' }}
        validate={validateNewSite}
      >
        <SiteInputs creating />
      </SimpleForm>
    </Create>
  );
}
