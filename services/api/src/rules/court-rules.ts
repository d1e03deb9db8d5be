export const SETTING_COURT_RULES = 'court_rules';
/** 'true' or 'false': the storage system (shelves and equipment) is open to players. */
export const SETTING_STORAGE_ENABLED = 'storage_enabled';

/** The club's support contacts shown on the player's profile (spec section 9); admins edit them. */
export const SETTING_CLUB_CONTACTS = 'club_contacts';
export const DEFAULT_CLUB_CONTACTS = `Администратор клуба: +7 (900) 000-00-00
Почта: support@kort.local
Ежедневно с 6:00 до 24:00`;

/** The text an installation starts with; admins edit it as data (settings.court_rules). */
export const DEFAULT_COURT_RULES = `Правила пользования кортом

1. Бронируйте игру заранее через приложение: одна игра в сутки, не больше двух в неделю.
2. Приходите не раньше чем за 15 минут до начала игры. Дверь открывается кодом, который показывается на экране у входа.
3. Отменить бронирование можно не позднее чем за 1 час до начала игры.
4. Играйте в чистой спортивной обуви с светлой подошвой.
5. Берегите покрытие, сетку и инвентарь клуба. О поломках сообщайте администратору.
6. Завершите игру в приложении, когда уходите: свет выключится автоматически.
7. Не передавайте код двери посторонним и не оставляйте дверь открытой.
8. Вещи храните только в арендованной ячейке; клуб не отвечает за вещи, оставленные без присмотра.
9. Курение, алкоголь и животные на территории клуба запрещены.
10. Нарушение правил может привести к блокировке аккаунта.`;

/** What equipment compartments 10 and 11 hold (settings.equipment_10_name, equipment_11_name). */
export const SETTING_EQUIPMENT_NAMES: Record<number, string> = { 10: 'equipment_10_name', 11: 'equipment_11_name' };
export const DEFAULT_EQUIPMENT_NAMES: Record<number, string> = { 10: 'Ракетки', 11: 'Мячи' };
