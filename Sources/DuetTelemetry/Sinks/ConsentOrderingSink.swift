/// The library's sinks that keep consent ordered against events on their own (a queue, a deferred
/// slot, a fan-out), so the slot holding one needs no lock.
protocol ConsentOrderingSink: AnalyticsSink {}
