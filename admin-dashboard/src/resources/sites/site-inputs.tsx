import { siteCreateBody, siteUpdateBody } from '@kort/contracts';
import { TextInput } from 'react-admin';

/** Field problems in the contract's own Russian words (the API checks the same schema again). */
function problemsOf(schema: typeof siteCreateBody | typeof siteUpdateBody) {
  return (values: Record<string, unknown>): Record<string, string> => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return {};
    const problems: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      problems[field] ??= issue.message;
    }
    return problems;
  };
}

export const validateNewSite = problemsOf(siteCreateBody);
export const validateSiteEdit = problemsOf(siteUpdateBody);

/** A site's fields: the slug only when it is created (it is its id for good), then name, zone, address. */
export function SiteInputs({ creating = false }: { creating?: boolean }) {
  return (
    <>
      <TextInput source="name" helperText="kort.sites.name_hint" sx={{ maxWidth: 480 }} fullWidth />
      {creating ? (
        <TextInput source="slug" helperText="kort.sites.slug_hint" sx={{ maxWidth: 320 }} fullWidth />
      ) : (
        <TextInput source="id" readOnly helperText="kort.sites.slug_fixed" sx={{ maxWidth: 320 }} fullWidth />
      )}
      <TextInput source="timezone" helperText="kort.sites.timezone_hint" sx={{ maxWidth: 320 }} fullWidth />
      <TextInput source="address" multiline helperText={false} sx={{ maxWidth: 480 }} fullWidth />
    </>
  );
}
