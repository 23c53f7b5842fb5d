// productionBrowserSourceMaps: bench-profile.ts --by-source names the source of each sample.
const config = { poweredByHeader: false, productionBrowserSourceMaps: process.env.NAVALHA_BROWSER_SOURCEMAPS === "1" };
export default config;
