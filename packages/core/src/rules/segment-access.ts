/**
 * Who may write a segment: an editor or admin key whose scope covers the segment's project; a segment
 * of no project (usable by every project) needs a key over all projects. Reads follow project scope.
 */
import { canSeeProject, requireAdminKey, seesAllProjects, type Principal } from '../base/auth';
import { permissionDenied } from '../base/errors';
import type { SegmentRecord } from '../base/records';

export function requireSegmentWrite(principal: Principal, project: string | null): void {
  requireAdminKey(principal);
  const roleOk = principal.role === 'admin' || principal.role === 'editor';
  const scopeOk = project === null ? seesAllProjects(principal) : canSeeProject(principal, project);
  if (roleOk && scopeOk) return;
  const where = project === null ? 'for segments of every project' : `in project "${project}"`;
  throw permissionDenied(`You need the permission UPDATE_SEGMENT ${where} to do this.`, {
    permission: 'UPDATE_SEGMENT',
    ...(project === null ? {} : { project }),
  });
}

export const canSeeSegment = (principal: Principal, segment: SegmentRecord): boolean =>
  segment.project === null || canSeeProject(principal, segment.project);
