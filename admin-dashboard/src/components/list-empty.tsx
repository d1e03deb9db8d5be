import { Button, CardContent, Typography } from '@mui/material';
import { useListContext, useResourceContext, useTranslate } from 'react-admin';

/**
 * What a list with no rows says: «Пока нет закрытий» when nothing exists yet (the list's own fixed
 * filter, such as «from today», is not the admin's doing), and «С этими фильтрами ничего не
 * нашлось» with a way back to everything only when filters the admin set hid the rows.
 */
export function ListEmpty() {
  const translate = useTranslate();
  const resource = useResourceContext();
  const { filterValues, setFilters } = useListContext() as {
    filterValues?: unknown;
    setFilters: (filters: object, shown: object) => void;
  };
  const filtered = Object.keys(filterValues ?? {}).length > 0;
  return (
    <CardContent>
      <Typography variant="body1">
        {filtered
          ? translate('kort.lists.nothing_matched')
          : translate(`resources.${resource}.empty`, { _: translate('kort.lists.empty') })}
      </Typography>
      {filtered && (
        <Button sx={{ mt: 1 }} variant="outlined" onClick={() => setFilters({}, [])}>
          {translate('kort.lists.clear_filters')}
        </Button>
      )}
    </CardContent>
  );
}
