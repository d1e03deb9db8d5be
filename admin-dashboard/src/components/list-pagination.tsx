import { Pagination, useListContext } from 'react-admin';

/** react-admin's pagination, left out while the list could not be loaded (it would count stale rows). */
export function ListPagination() {
  const { error } = useListContext();
  return error ? null : <Pagination />;
}
