import { RegisterPage } from '../../features/auth/components/register-page';
import { useAcceptRules } from '../../features/rules/api/accept-rules';
import { Consents } from '../../features/rules/components/consents';

/**
 * /register: the registration screens (auth) with the club's consents (rules). Composed here, as
 * features do not import each other: the rules accepted on the form are recorded once the account
 * is confirmed, so the new player is not asked a second time.
 */
export function RegisterRoute() {
  const acceptRules = useAcceptRules();
  return <RegisterPage Consents={Consents} acceptRules={acceptRules.mutateAsync} />;
}
