import {
  AdminError,
  AuthError,
  BookingError,
  DeviceError,
  DoorError,
  NotifyError,
  RequestError,
  ShelfError,
} from './errors';

const FEATURES = {
  request: RequestError,
  auth: AuthError,
  booking: BookingError,
  door: DoorError,
  device: DeviceError,
  shelf: ShelfError,
  admin: AdminError,
  notify: NotifyError,
};

test('every error code is unique and named after its feature', () => {
  const all = Object.entries(FEATURES).flatMap(([feature, codes]) =>
    Object.values(codes).map((code) => ({ feature, code })),
  );
  expect(new Set(all.map(({ code }) => code)).size).toBe(all.length);
  for (const { feature, code } of all) expect(code).toMatch(new RegExp(`^${feature}\\.[a-z_]+$`));
});
