import InsightsIcon from '@mui/icons-material/Insights';
import { lazy } from 'react';

/** «Статистика» (a custom route in app.tsx): its charts load only when an admin opens it. */
export const StatsPage = lazy(() => import('./stats-page').then((module) => ({ default: module.StatsPage })));
export const StatsIcon = InsightsIcon;
