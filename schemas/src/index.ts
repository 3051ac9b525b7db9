// Wire schemas shared by the services and the web app.
export * from './auth';
export * from './permissions';
export * from './events';
export * from './text-fields';
export * from './http-url';
export * from './utm-template';
export * from './offers';
export * from './landers';
export * from './campaigns';
export * from './sparks';
export * from './pixels';
export * from './settings';
export * from './users';
export * from './jobs';
export * from './reports';
export * from './money';
export * from './report-metrics';
