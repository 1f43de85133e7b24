// What `tasks classify` did, for its summary line on stderr.
export class ClassifyTally {
  classified = 0
  passedThrough = 0
  websitesInferred = 0
  /** Tasks asked for a website whose answer was null or not a host name: their website stays null. */
  noSiteNamed = 0

  summary(label: string): string {
    return `${label}: ${this.classified} classified, ${this.passedThrough} passed through, ${this.websitesInferred} websites inferred, ${this.noSiteNamed} with no site named`
  }
}
