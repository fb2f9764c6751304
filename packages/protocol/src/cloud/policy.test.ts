import { describe, expect, it } from 'vitest';
import { can, MEMBER_ROLES, ORG_ROLES, PERMISSIONS, permissionsOf, POLICY } from './policy';

describe('the policy table', () => {
  it('gives the owner everything and the viewer only reading', () => {
    expect(permissionsOf('owner')).toEqual(PERMISSIONS);
    expect(permissionsOf('viewer').every((p) => p.endsWith('.read'))).toBe(true);
    expect(PERMISSIONS.filter((p) => p.endsWith('.read')).every((p) => can('viewer', p))).toBe(true);
  });

  it('nests the roles: each has everything of the roles after it', () => {
    for (const [i, role] of ORG_ROLES.entries())
      for (const lower of ORG_ROLES.slice(i + 1))
        expect(
          permissionsOf(lower).filter((p) => !can(role, p)),
          `${role} ⊇ ${lower}`,
        ).toEqual([]);
  });

  it('says what issue 21 says each role adds', () => {
    expect(permissionsOf('operator').filter((p) => !can('viewer', p))).toEqual(['remote.mute', 'incident.ack']);
    expect(permissionsOf('technician').filter((p) => !can('operator', p))).toEqual([
      'remote.control',
      'firmware.manage',
      'firmware.update',
    ]);
    expect(permissionsOf('admin').filter((p) => !can('technician', p))).toEqual([
      'venue.write',
      'device.add',
      'device.move',
      'device.remove',
      'contact.write',
      'member.manage',
    ]);
    expect(MEMBER_ROLES).not.toContain('owner');
    expect(Object.values(POLICY).every((roles) => (roles as readonly string[]).includes('owner'))).toBe(true);
  });
});
