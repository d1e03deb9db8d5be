import type { TelegramLinkResponse } from '@kort/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/telegram/link/: a one-time link to the club's bot (10 minutes) and its QR code. */
export const telegramLink = () => api<TelegramLinkResponse>('POST', '/api/telegram/link/');

export const useTelegramLink = () => useMutation({ mutationFn: telegramLink });
