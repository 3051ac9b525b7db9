// The UTM template as the offers table shows it: at most 50 characters, then '...' (spec §2, §9).
export const UTM_PREVIEW_LENGTH = 50;

export function previewUtmTemplate(template: string): string {
  return template.length > UTM_PREVIEW_LENGTH ? `${template.slice(0, UTM_PREVIEW_LENGTH)}...` : template;
}
