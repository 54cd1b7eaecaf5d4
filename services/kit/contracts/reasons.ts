/**
 * The reason codes a refusal carries (services/kit/reasons.ts), as a type the web may import
 * (`import type`): it compares against these, and has one translated message per code.
 */
export type { ReasonCode } from '../reasons';
