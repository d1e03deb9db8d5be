import { Edit, SimpleForm, TopToolbar } from 'react-admin';
import { AgentTokenButton } from './agent-token-button';
import { SiteInputs, validateSiteEdit } from './site-inputs';

/** A site's name, zone and address (owners); its agent's new token from the top bar. */
export function SiteEdit() {
  return (
    <Edit
      mutationMode="pessimistic"
      actions={
        <TopToolbar>
          <AgentTokenButton />
        </TopToolbar>
      }
      transform={({ name, timezone, address }: Record<string, unknown>) => ({ name, timezone, address })}
    >
      <SimpleForm validate={validateSiteEdit}>
        <SiteInputs />
      </SimpleForm>
    </Edit>
  );
}
