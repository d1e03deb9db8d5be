import { Edit, SaveButton, SimpleForm, Toolbar, TopToolbar } from 'react-admin';
import { AgentTokenButton } from './agent-token-button';
import { SiteInputs, validateSiteEdit } from './site-inputs';

/**
 * A site's name, zone and address (owners); its agent's new token from the top bar. No delete: a
 * site's games and commands are its history, so a site is renamed, never removed.
 */
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
      <SimpleForm
        validate={validateSiteEdit}
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <SiteInputs />
      </SimpleForm>
    </Edit>
  );
}
