import {
  AdminError,
  AuthError,
  BookingError,
  DeviceError,
  DoorError,
  messages,
  RequestError,
  ShelfError,
  type ErrorCode,
} from '@kort/contracts';

/**
 * The one table from an error code to its HTTP status and Russian text (the spec's section 8 for
 * the calls it describes). Services throw a code (common/kort-error.ts); only this table knows
 * statuses. A code whose text depends on the case names the usual one here and the thrower gives
 * the precise one.
 */
export const ERROR_ANSWERS: Record<ErrorCode, { status: number; detail: string }> = {
  [RequestError.Invalid]: { status: 400, detail: messages.genericError },
  [RequestError.BadJson]: { status: 400, detail: messages.badJson },
  [RequestError.TooLarge]: { status: 413, detail: messages.bodyTooLarge },
  [RequestError.TooManyRequests]: { status: 429, detail: messages.tooManyRequests },
  [RequestError.NotFound]: { status: 404, detail: messages.notFound },
  [RequestError.CsrfFailed]: { status: 403, detail: messages.csrfFailed },
  [RequestError.Failed]: { status: 400, detail: messages.genericError },
  [RequestError.Unavailable]: { status: 503, detail: messages.serviceUnavailable },
  [RequestError.ServerError]: { status: 500, detail: messages.serverError },

  [AuthError.NotAuthenticated]: { status: 401, detail: messages.notAuthenticated },
  [AuthError.Forbidden]: { status: 403, detail: messages.forbidden },
  [AuthError.RulesNotAccepted]: { status: 451, detail: messages.rulesNotAccepted },
  [AuthError.EmailUnknown]: { status: 400, detail: messages.emailUnknown },
  [AuthError.CheckEmail]: { status: 400, detail: messages.checkEmail },
  [AuthError.WrongPassword]: { status: 400, detail: messages.authFailed },
  [AuthError.TooManyLogins]: { status: 429, detail: messages.tooManyLogins },
  [AuthError.AccountInactive]: { status: 418, detail: messages.accountInactive },
  [AuthError.AccountInactiveCodeLimit]: { status: 418, detail: messages.accountInactiveCodeLimit },
  [AuthError.AccountBlocked]: { status: 403, detail: messages.accountBlocked },
  [AuthError.AccountDeleted]: { status: 403, detail: messages.accountDeleted },
  [AuthError.EmailTaken]: { status: 400, detail: messages.emailTaken },
  [AuthError.PasswordRejected]: { status: 400, detail: messages.passwordHint },
  [AuthError.PasswordsDoNotMatch]: { status: 400, detail: messages.passwordsDoNotMatch },
  [AuthError.CodeInvalid]: { status: 400, detail: messages.codeInvalid },
  [AuthError.CodeTooManyTries]: { status: 403, detail: messages.codeTooManyTries },
  [AuthError.CodeSendLimit]: { status: 429, detail: messages.codeSendLimit },
  [AuthError.VerifyCodeInvalid]: { status: 403, detail: messages.verifyCodeInvalid },
  [AuthError.ResetCodeExpired]: { status: 403, detail: messages.resetCodeExpired },
  [AuthError.NewPasswordEmpty]: { status: 422, detail: messages.passwordEmpty },
  [AuthError.NewPasswordsDoNotMatch]: { status: 423, detail: messages.newPasswordsDoNotMatch },
  [AuthError.NewPasswordWeak]: { status: 424, detail: messages.passwordHint },

  [BookingError.GameNotFound]: { status: 404, detail: messages.gameNotFound },
  [BookingError.SlotTaken]: { status: 409, detail: messages.slotTaken },
  [BookingError.QuotaReached]: { status: 418, detail: messages.bookingLimit },
  [BookingError.CourtMismatch]: { status: 400, detail: messages.courtMismatch },
  [BookingError.UnknownCourt]: { status: 400, detail: messages.unknownCourt },
  [BookingError.PlayersCount]: { status: 400, detail: messages.playersCount },
  [BookingError.NotOnTheHour]: { status: 400, detail: messages.bookingOnTheHour },
  [BookingError.OutsideHours]: { status: 400, detail: messages.bookingHours },
  [BookingError.InThePast]: { status: 400, detail: messages.bookingInPast },
  [BookingError.BeyondHorizon]: { status: 400, detail: messages.bookingBeyondHorizon },
  [BookingError.PausedForNoShows]: { status: 403, detail: messages.bookingPausedForNoShows },
  [BookingError.CancelTooLate]: { status: 409, detail: messages.cancelTooLate },
  [BookingError.AlreadyCancelled]: { status: 409, detail: messages.bookingAlreadyCancelled },
  [BookingError.AlreadyOver]: { status: 409, detail: messages.gameOver },

  [DoorError.TooEarly]: { status: 425, detail: messages.doorNotOpenYet },
  [DoorError.GameOver]: { status: 410, detail: messages.gameOver },
  [DoorError.WrongCode]: { status: 400, detail: messages.wrongDoorCode },
  [DoorError.GameNotStarted]: { status: 418, detail: messages.gameNotStarted },

  [DeviceError.AgentOffline]: { status: 503, detail: messages.agentOffline },
  [DeviceError.Failed]: { status: 502, detail: messages.deviceFailed },
  [DeviceError.Timeout]: { status: 504, detail: messages.deviceTimeout },

  [ShelfError.NotFound]: { status: 404, detail: messages.shelfNotFound },
  [ShelfError.Blocked]: { status: 403, detail: messages.shelfBlocked },
  [ShelfError.AlreadyRenting]: { status: 409, detail: messages.alreadyRenting },
  [ShelfError.Taken]: { status: 409, detail: messages.shelfTaken },
  [ShelfError.NotYours]: { status: 404, detail: messages.notYourShelf },
  [ShelfError.RentalNotFound]: { status: 404, detail: messages.rentalNotFound },
  [ShelfError.NoGameToday]: { status: 403, detail: messages.noGameToday },
  [ShelfError.EquipmentOnLoan]: { status: 409, detail: messages.equipmentOnLoan },
  [ShelfError.StorageOff]: { status: 503, detail: messages.storageOff },

  [AdminError.UserNotFound]: { status: 404, detail: messages.userNotFound },
  [AdminError.NoShowNotFound]: { status: 404, detail: messages.noShowNotFound },
  [AdminError.CannotBlockSelf]: { status: 409, detail: messages.cannotBlockSelf },
  [AdminError.UserSelfDeleted]: { status: 409, detail: messages.userSelfDeleted },
  [AdminError.UserPurged]: { status: 409, detail: messages.userPurged },
  [AdminError.DeviceNotFound]: { status: 404, detail: messages.deviceNotFound },
  [AdminError.CommandNotFound]: { status: 404, detail: messages.commandNotFound },
  [AdminError.ActionNotFound]: { status: 404, detail: messages.actionNotFound },
  [AdminError.SettingNotFound]: { status: 404, detail: messages.settingNotFound },
  [AdminError.SettingInvalid]: { status: 400, detail: messages.genericError },
};

/** What a status from outside our code (Nest's own 404 for an unknown route, say) is called. */
export const STATUS_CODES: Record<number, ErrorCode> = {
  400: RequestError.Failed,
  401: AuthError.NotAuthenticated,
  403: AuthError.Forbidden,
  404: RequestError.NotFound,
  413: RequestError.TooLarge,
  429: RequestError.TooManyRequests,
};
