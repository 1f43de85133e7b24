// A stratum is the (domain, subdomain, level) mix a test set must mirror; null is a value of its own.
export interface Stratum {
  domain: string | null
  subdomain: string | null
  level: string | null
}

// Numbers strata in order of first appearance, so per-task data is one small integer.
export class StratumNumbering {
  readonly strata: Stratum[] = []
  private readonly numbers = new Map<string, number>()

  numberOf(stratum: Stratum): number {
    const key = JSON.stringify([stratum.domain, stratum.subdomain, stratum.level])
    let number = this.numbers.get(key)
    if (number === undefined) {
      number = this.strata.length
      this.numbers.set(key, number)
      this.strata.push({...stratum})
    }
    return number
  }
}
