import { useIntl } from 'react-intl';

/** Store pages of the Erti Pay apps. */
const stores = [
  {
    name: 'home.downloadApp.googlePlay',
    href: 'https://play.google.com/store/apps/details?id=in.ertipay.app',
    badge: '/images/badges/google-play.svg',
  },
  {
    name: 'home.downloadApp.appStore',
    href: 'https://apps.apple.com/in/app/erti-pay/id6470000000',
    badge: '/images/badges/app-store.svg',
  },
];

/** The download-app buttons. */
export function DownloadApp() {
  const { formatMessage } = useIntl();
  return (
    <section
      aria-labelledby="download-app"
      className="flex flex-col items-center gap-6 rounded-2xl bg-brand-700 px-6 py-8 text-white md:flex-row md:justify-between"
    >
      <div>
        <h2 id="download-app" className="text-xl font-semibold">
          {formatMessage({ id: 'home.downloadApp.title' })}
        </h2>
        <p className="mt-1 text-brand-100">{formatMessage({ id: 'home.downloadApp.text' })}</p>
      </div>
      <ul className="flex gap-3">
        {stores.map((store) => (
          <li key={store.name}>
            <a
              href={store.href}
              target="_blank"
              rel="noopener noreferrer"
              className="block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <img
                src={store.badge}
                alt={formatMessage({ id: store.name })}
                width="160"
                height="48"
                loading="lazy"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
