import { AboutContent, PageBanner } from '../../features/pages/index.ts';

export function Component() {
  return (
    <>
      <PageBanner title="About Us" trail="Our Informations" />
      <AboutContent />
    </>
  );
}
