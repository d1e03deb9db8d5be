import { Autocomplete, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { formatPhone } from '../../../lib/phone';
import type { UserRecord } from '../../../lib/records';

/** How long typing pauses before the search is asked for. */
const SEARCH_DELAY_MS = 300;

/** The active players whose name, e-mail or phone holds what is typed (the `users` list's `q`). */
export function PlayerPicker({
  value,
  onChange,
  autoFocus,
}: {
  value: UserRecord | null;
  onChange: (player: UserRecord | null) => void;
  autoFocus?: boolean;
}) {
  const translate = useTranslate();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data, isFetching } = useGetList<UserRecord>(
    'users',
    {
      filter: { q: query, status: 'active', role: 'player' },
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
    },
    { enabled: query.length > 0 },
  );
  return (
    <Autocomplete<UserRecord>
      value={value}
      onChange={(_, player) => onChange(player)}
      inputValue={typed}
      onInputChange={(_, text) => setTyped(text)}
      options={query ? (data ?? []) : []}
      // The API has filtered already: every answer is a match.
      filterOptions={(options) => options}
      getOptionLabel={(player) => player.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      // Typing runs ahead of the search by SEARCH_DELAY_MS: that wait reads as searching too.
      loading={isFetching || typed.trim() !== query}
      loadingText={translate('kort.walk_in.searching')}
      noOptionsText={translate(typed.trim() ? 'kort.walk_in.no_players' : 'kort.walk_in.type_to_search')}
      renderOption={({ key, ...props }, player) => (
        <li key={key} {...props}>
          <span>
            <strong>{player.name}</strong>
            <br />
            <small>
              {player.email} · {formatPhone(player.phone_number)}
            </small>
          </span>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('kort.walk_in.player')}
          helperText={translate('kort.walk_in.player_hint')}
          autoFocus={autoFocus}
        />
      )}
    />
  );
}
