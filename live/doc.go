// Package live carries the events of the GraphQL subscriptions
// (docs/API.md "Subscriptions", docs/ARCHITECTURE.md "Live updates")
// between app servers: a Hub publishes each event once on a sharded Redis
// pub/sub channel, every server's Hub listens on it (Listen, as
// pagecache.Versions does for page versions) and hands the event to its
// own subscribers, kept in memory per topic. A subscription costs no
// Redis subscription of its own: one per process, whatever the number of
// subscribers. Only this package reads and writes its Redis names.
package live
