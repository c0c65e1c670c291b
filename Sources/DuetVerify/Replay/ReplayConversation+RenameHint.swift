extension ReplayConversation {
  /// `Is 'todos' a typo? …` when the one missing feature's name is a typo away from one the runner
  /// serves: the name given to `Feature(…)` and the manifest's key must be the same, and
  /// registering another feature would not be the fix.
  static func renameHint(_ missing: [String], served: [String]) -> String? {
    guard missing.count == 1, let near = Suggestion.closest(to: missing[0], among: served) else { return nil }
    return "Is '\(near)' a typo? The name given to Feature(…) must be the manifest's feature key '\(missing[0])': "
      + "rename one of them, then record again."
  }
}
