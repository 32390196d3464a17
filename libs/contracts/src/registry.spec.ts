import { allTopics, deadLetterTopicOf, hasDeadLetterTopic, Topics } from './topics';
import { messageRegistry } from './registry';
import { ProjectSnapshotV1Message } from './messages/gateway/project-snapshot.v1';

describe('contracts registry', () => {
  it('names every message type once, with its version', () => {
    for (const [type, definition] of messageRegistry) {
      expect(definition.type).toBe(type);
      expect(type).toMatch(/^[a-z-]+\.[a-z-]+\.v\d+$/);
    }
  });

  it('puts every message on a topic of the topic list', () => {
    const names = new Set(allTopics.map((t) => t.name));
    for (const definition of messageRegistry.values()) {
      expect(names).toContain(definition.topic.name);
    }
  });

  it('gives events a dead-letter topic, and snapshots, requests and replies none', () => {
    const names = allTopics.map((t) => t.name);
    expect(names).toContain(deadLetterTopicOf(Topics.userEvents).name);
    expect(hasDeadLetterTopic(Topics.projectSnapshots)).toBe(false);
    expect(hasDeadLetterTopic(Topics.usersRequests)).toBe(false);
    expect(hasDeadLetterTopic(Topics.gatewayReplies)).toBe(false);
    expect(new Set(names).size).toBe(names.length);
  });

  it('keeps snapshots on compacted topics', () => {
    expect(ProjectSnapshotV1Message.topic.compacted).toBe(true);
    expect(Topics.partnerSnapshots.compacted).toBe(true);
  });
});
