import { useQuery } from '@tanstack/react-query';
import { profileQuery } from '../../../lib/profile';

export { profile } from '../../../lib/profile';

export const useProfile = () => useQuery({ ...profileQuery, select: (answer) => answer.detail });
