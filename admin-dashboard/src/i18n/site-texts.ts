import { messages } from '@kort/contracts';

// The texts of many sites on one install (the sites resource, the switcher, owners and site
// admins), spread into ru.ts: react-admin's resource names and fields, and ours under `kort.*`.

export const siteResources = {
  sites: {
    name: 'Площадка |||| Площадки',
    fields: {
      id: 'Короткое имя',
      name: 'Название',
      slug: 'Короткое имя',
      timezone: 'Часовой пояс',
      address: 'Адрес',
      online: 'Агент',
      last_seen_at: 'Последняя связь',
      has_agent_token: 'Токен агента',
      agent_version: 'Версия агента',
      created_at: 'Создана',
    },
  },
};

export const siteTexts = {
  sites: {
    switcher: 'Площадка',
    new: 'Новая площадка',
    name_hint: 'Так площадку видят игроки',
    slug_hint: 'Латинские буквы, цифры и дефис. Потом не меняется: по нему агент узнаёт свою площадку',
    slug_fixed: 'Не меняется: по нему агент узнаёт свою площадку',
    timezone_hint: 'Как в базе IANA, например Europe/Moscow или Asia/Vladivostok: по нему считаются дни и часы',
    id_and_zone: '%{id} · %{zone}',
    agent_version: 'агент %{version}',
    online: 'На связи',
    offline_since: 'Нет связи: %{time}',
    never_seen: 'Агент ещё не подключался',
    no_token: 'Токена нет',
    new_token: 'Новый токен агента',
    new_token_title: 'Выдать новый токен?',
    new_token_replaces:
      'Старый токен площадки «%{name}» перестанет работать сразу: агент отключится, пока в него не впишут новый.',
    token_title: 'Токен агента площадки «%{name}»',
    token_once: 'Токен показывается один раз. Скопируйте его сейчас: потом его не увидеть, можно только выдать новый.',
    how_title: 'Как подключить агент',
    how_site: 'В файле %{file} площадка агента:',
    how_token: 'В файле %{file} его токен:',
    how_restart: 'Затем перезапустите агент: sudo systemctl restart kort-agent',
    token_done: 'Готово',
    copy: 'Скопировать',
    copy_token: 'Скопировать токен',
    copy_site_line: 'Скопировать строку площадки',
    copy_env_line: 'Скопировать строку токена',
    copied: 'Скопировано',
    copy_failed: 'Не удалось скопировать: выделите текст и скопируйте вручную',
  },
  roles: {
    title: 'Роль и площадки',
    role: 'Роль',
    player: messages.rolePlayer,
    admin: messages.roleAdmin,
    owner: messages.roleOwner,
    sites: 'Площадки администратора',
    sites_hint: 'Администратор видит и ведёт только эти площадки',
    owner_hint: 'Владелец ведёт все площадки, создаёт новые и назначает администраторов',
    no_sites: 'Отметьте хотя бы одну площадку',
    save: 'Сохранить роль',
    saved: 'Роль сохранена',
  },
};
