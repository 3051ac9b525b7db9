// Types of geoip-country (the package ships none): the one call the projector makes.
declare module 'geoip-country' {
  interface CountryRecord {
    /** ISO 3166-1 alpha-2. */
    country: string;
  }
  const geoip: { lookup(ip: string): CountryRecord | null };
  export default geoip;
}
