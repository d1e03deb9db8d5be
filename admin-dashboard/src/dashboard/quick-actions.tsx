import InventoryIcon from '@mui/icons-material/Inventory2';
import LogoutIcon from '@mui/icons-material/Logout';
import SearchIcon from '@mui/icons-material/Search';
import SportsTennisIcon from '@mui/icons-material/SportsTennis';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import { Box, Button, Card, CardContent, CardHeader, IconButton, InputAdornment, TextField } from '@mui/material';
import { useState } from 'react';
import { Link, useLogout, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';

/**
 * What the desk does most, not the menu again: find a player by name, e-mail or phone; book a court
 * for a walk-in; the spec's shelves, equipment and logout.
 */
export function QuickActions() {
  const translate = useTranslate();
  const logout = useLogout();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const search = () => {
    const filter = q.trim() ? { q: q.trim() } : {};
    void navigate(`/users?filter=${encodeURIComponent(JSON.stringify(filter))}`);
  };
  return (
    <Card>
      <CardHeader title={translate('kort.home.quick')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0, display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr' }}>
        <Box
          component="form"
          role="search"
          sx={{ gridColumn: '1 / -1', mb: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            search();
          }}
        >
          <TextField
            label={translate('kort.home.find_player')}
            helperText={translate('kort.walk_in.player_hint')}
            value={q}
            onChange={(event) => setQ(event.target.value)}
            size="small"
            fullWidth
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton type="submit" edge="end" aria-label={translate('kort.home.find')}>
                      <SearchIcon />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
        <Button
          component={Link}
          to="/bookings"
          startIcon={<SportsTennisIcon />}
          variant="contained"
          sx={{ gridColumn: '1 / -1' }}
        >
          {translate('kort.home.book_walk_in')}
        </Button>
        <Button component={Link} to="/admin_boxes" startIcon={<ViewModuleIcon />} variant="outlined">
          {translate('kort.menu.boxes')}
        </Button>
        <Button component={Link} to="/admin_equipment" startIcon={<InventoryIcon />} variant="outlined">
          {translate('kort.menu.equipment')}
        </Button>
        <Button startIcon={<LogoutIcon />} color="inherit" variant="outlined" onClick={() => void logout()}>
          {translate('ra.auth.logout')}
        </Button>
      </CardContent>
    </Card>
  );
}
