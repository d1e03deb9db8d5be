import { csrfTokenKeeper, type CsrfPage } from './csrf-token';

/** A page whose cookie jar the API's answer fills, with every request and whether its body was read. */
function page(initial = '') {
  let jar = initial;
  const requests: { url: string; read: boolean }[] = [];
  const fake: CsrfPage = {
    cookies: () => jar,
    fetch: (url) => {
      const request = { url, read: false };
      requests.push(request);
      jar = `${jar ? `${jar}; ` : ''}csrftoken=t%2Bk`;
      return Promise.resolve({
        text: () => {
          request.read = true;
          return Promise.resolve('{"detail":"…"}');
        },
      });
    },
  };
  return { fake, requests };
}

test('a page with the cookie asks nothing and gives it decoded', async () => {
  const { fake, requests } = page('sessionid=s; csrftoken=a%3Db');
  const keeper = csrfTokenKeeper(fake);
  expect(keeper.token()).toBe('a=b');
  expect(await keeper.ensure()).toBe('a=b');
  expect(requests).toEqual([]);
});

test('a first visit asks the API once for all concurrent callers and reads the answer to its end', async () => {
  const { fake, requests } = page();
  const keeper = csrfTokenKeeper(fake);
  expect(keeper.token()).toBe('');
  expect(await Promise.all([keeper.ensure(), keeper.ensure(), keeper.ensure()])).toEqual(['t+k', 't+k', 't+k']);
  expect(requests).toEqual([{ url: '/api/give_email/', read: true }]);
});
