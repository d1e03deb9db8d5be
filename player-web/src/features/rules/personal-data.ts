/** The personal-data consent the player gives at registration and on the rules screen. */
export const PERSONAL_DATA_TEXT =
  'Я даю согласие на обработку моих персональных данных (e-mail, телефон, имя) для регистрации, ' +
  'бронирования игр и доступа в клуб. Данные не передаются третьим лицам; после удаления профиля ' +
  'они стираются через 10 дней.';
