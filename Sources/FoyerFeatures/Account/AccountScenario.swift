import DuetCore
import DuetScenario

/// The account screen's behaviour: a sign-out the auth port confirms is counted before the root
/// is told; the editor's saved name replaces the shown one.
let accountScenario = Scenario(
  accountFeature,
  description: "The account screen shows the name, presents the name editor and signs out through the auth port. "
    + "A confirmed sign-out tracks Session Signed Out before telling the host; a failed or repeated sign-out "
    + "tracks nothing."
) {
  Given(AccountState(displayName: "Ada"))

  Branch("sign out confirmed") {
    When("sign out is tapped", .signOutTapped)
    Then("signing out") { $0.isSigningOut }
    ThenEffects("the auth port is asked, under the sign-out's id") {
      $0 == [.run(.signOut, id: AccountEffectIDs.signOut)]
    }
    When("the auth port confirms", .signOutAnswered(.signedOut))
    Then("nothing in flight") { !$0.isSigningOut }
    ThenEffects("the sign-out is counted, then the host is told") {
      $0 == [.track(AccountEvents.signedOut), .run(.notifyListener(.signedOut))]
    }
  }

  Branch("failed sign out tracks nothing") {
    When("sign out is tapped", .signOutTapped)
    When("the auth port answers failed", .signOutAnswered(.failed))
    Then("the failure is shown") { $0.signOutFailed && !$0.isSigningOut }
    ThenEffects("nothing: the session did not end") { $0.isEmpty }
    When("sign out is tapped again after the failure", .signOutTapped)
    Then("signing out again, the failure cleared") { $0.isSigningOut && !$0.signOutFailed }
  }

  Branch("repeat sign out inert") {
    When("sign out is tapped", .signOutTapped)
    When("sign out is tapped again while in flight", .signOutTapped)
    ThenEffects("nothing: one sign-out at a time") { $0.isEmpty }
    When("the auth port confirms", .signOutAnswered(.signedOut))
    ThenEffects("the sign-out is counted") {
      $0 == [.track(AccountEvents.signedOut), .run(.notifyListener(.signedOut))]
    }
    When("a second answer arrives", .signOutAnswered(.signedOut))
    ThenEffects("nothing: the sign-out was counted once") { $0.isEmpty }
  }

  Branch("name edited") {
    When("edit name is tapped", .editNameTapped)
    Then("the editor is presented") { $0.isEditingName }
    When("the editor reports a saved name", .editName(event: .saved(name: "Ada Lovelace")))
    Then("the new name is shown, the editor dismissed") { $0.displayName == "Ada Lovelace" && !$0.isEditingName }
    ThenEffects("nothing: the editor counts the edit") { $0.isEmpty }
  }

  Branch("editor cancelled") {
    When("edit name is tapped", .editNameTapped)
    When("the editor reports a cancel", .editName(event: .cancelled))
    Then("the name is kept, the editor dismissed") { $0.displayName == "Ada" && !$0.isEditingName }
  }
}
