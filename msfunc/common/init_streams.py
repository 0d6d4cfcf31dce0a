"""MindSpore's host-side initializer fills: Philox words made into uniform, normal and
truncated normal float32 values, bit for bit.

MindSpore's random initializers take one 63-bit seed from numpy's global generator
(`numpy_seed`) and fill the array from a Philox4x32-10 stream whose key and upper counter
half are both that seed, one 32-bit word per uniform or truncated normal value and one word
per normal value (Box-Muller pairs). The arithmetic runs in double precision with a few
float32 constants and is rounded to float32 at the end; doing the same steps in numpy gives
the same floats (the double ``log``/``sin``/``cos``/``erfc`` of numpy and of the C library
agree to far below float32's resolution).
"""

import math

import numpy as np

__all__ = ["numpy_seed", "uniform_fill", "normal_fill", "truncated_normal_fill"]

_CHUNK_BLOCKS = 1 << 18  # Philox blocks computed at once (bounds the temporaries' memory)


def _f32(value):
    """A Python number as the float32 the C++ side receives, widened back to double."""
    return float(np.float32(value))


def numpy_seed():
    """The seed an initializer takes: one draw of numpy's global generator in [1, 2**63).

    Example:
        >>> import numpy as np
        >>> np.random.seed(0); numpy_seed()
        900450186894289456
    """
    return int(np.random.randint(low=1, high=1 << 63, dtype=np.int64))


def _words(seed, n):
    """The first `n` 32-bit words of the initializer stream for `seed`."""
    from ..ops.philox import philox_uint32  # ops imports this package: resolve at call time

    out = np.empty(n, np.uint32)
    step = 4 * _CHUNK_BLOCKS
    for start in range(0, n, step):
        count = min(step, n - start)
        out[start : start + count] = philox_uint32(seed, seed, start // 4, count)
    return out


def uniform_fill(seed, n, low, high):
    """`n` float32 values uniform in [low, high): word / 2**32 scaled in double.

    Example:
        >>> uniform_fill(900450186894289456, 3, -0.07, 0.07).tolist()
        [0.03467477485537529, -0.002566703362390399, 0.016205744817852974]
    """
    low, high = _f32(low), _f32(high)
    unit = _words(seed, n).astype(np.float64) / 2.0**32
    return ((high - low) * unit + low).astype(np.float32)


def _unit_float(words):
    """Words as floats in [0, 1): their low 23 bits as the mantissa of a float in [1, 2),
    less 1 (in float32), then widened."""
    bits = (words & np.uint32(0x7FFFFF)) | np.uint32(127 << 23)
    return (bits.view(np.float32) - np.float32(1)).astype(np.float64)


def normal_fill(seed, n, mean, sigma):
    """`n` float32 values from N(mean, sigma**2): Box-Muller on consecutive word pairs, the
    cosine branch first, with float32's pi and a 1e-7 floor on both uniforms.

    Example:
        >>> normal_fill(900450186894289456, 3, 0.0, 0.01).tolist()
        [-0.0049091060645878315, -0.004230218473821878, -0.014807187020778656]
    """
    mean, sigma = _f32(mean), _f32(sigma)
    words = _words(seed, n + n % 2).reshape(-1, 2)
    floor, pi = _f32(1e-7), _f32(3.1415926)
    u1 = np.maximum(_unit_float(words[:, 0]), floor)
    u2 = np.maximum(_unit_float(words[:, 1]), floor)
    radius = np.sqrt(-2.0 * np.log(u1)) * sigma
    angle = 2.0 * pi * u2
    pairs = np.stack([mean + radius * np.cos(angle), mean + radius * np.sin(angle)], axis=1)
    return pairs.reshape(-1)[:n].astype(np.float32)


_ROOT_TWO = _f32(1.4142135)

# Boost's rational approximations of erf^-1 (Blair et al.): per range, the float32 offset Y,
# the shift of the argument, and numerator / denominator coefficients, lowest order first.
_CENTRAL = (
    _f32(0.0891314744949340820313),
    (
        -0.000508781949658280665617,
        -0.00836874819741736770379,
        0.0334806625409744615033,
        -0.0126926147662974029034,
        -0.0365637971411762664006,
        0.0219878681111168899165,
        0.00822687874676915743155,
        -0.00538772965071242932965,
    ),
    (
        1.0,
        -0.970005043303290640362,
        -1.56574558234175846809,
        1.56221558398423026363,
        0.662328840472002992063,
        -0.71228902341542847553,
        -0.0527396382340099713954,
        0.0795283687341571680018,
        -0.00233393759374190016776,
        0.000886216390456424707504,
    ),
)
_SHOULDER = (
    _f32(2.249481201171875),
    (
        -0.202433508355938759655,
        0.105264680699391713268,
        8.37050328343119927838,
        17.6447298408374015486,
        -18.8510648058714251895,
        -44.6382324441786960818,
        17.445385985570866523,
        21.1294655448340526258,
        -3.67192254707729348546,
    ),
    (
        1.0,
        6.24264124854247537712,
        3.9713437953343869095,
        -28.6608180499800029974,
        -20.1432634680485188801,
        48.5609213108739935468,
        10.8268667355460159008,
        -22.6436933413139721736,
        1.72114765761200282724,
    ),
)
# Tails, by x = sqrt(-log(q)): (upper limit of x, Y, shift, P, Q).
_TAILS = (
    (
        3.0,
        _f32(0.807220458984375),
        1.125,
        (
            -0.131102781679951906451,
            -0.163794047193317060787,
            0.117030156341995252019,
            0.387079738972604337464,
            0.337785538912035898924,
            0.142869534408157156766,
            0.0290157910005329060432,
            0.00214558995388805277169,
            -0.679465575181126350155e-6,
            0.285225331782217055858e-7,
            -0.681149956853776992068e-9,
        ),
        (
            1.0,
            3.46625407242567245975,
            5.38168345707006855425,
            4.77846592945843778382,
            2.59301921623620271374,
            0.848854343457902036425,
            0.152264338295331783612,
            0.01105924229346489121,
        ),
    ),
    (
        6.0,
        _f32(0.93995571136474609375),
        3.0,
        (
            -0.0350353787183177984712,
            -0.00222426529213447927281,
            0.0185573306514231072324,
            0.00950804701325919603619,
            0.00187123492819559223345,
            0.000157544617424960554631,
            0.460469890584317994083e-5,
            -0.230404776911882601748e-9,
            0.266339227425782031962e-11,
        ),
        (
            1.0,
            1.3653349817554063097,
            0.762059164553623404043,
            0.220091105764131249824,
            0.0341589143670947727934,
            0.00263861676657015992959,
            0.764675292302794483503e-4,
        ),
    ),
    (
        18.0,
        _f32(0.98362827301025390625),
        6.0,
        (
            -0.0167431005076633737133,
            -0.00112951438745580278863,
            0.00105628862152492910091,
            0.000209386317487588078668,
            0.149624783758342370182e-4,
            0.449696789927706453732e-6,
            0.462596163522878599135e-8,
            -0.281128735628831791805e-13,
            0.99055709973310326855e-16,
        ),
        (
            1.0,
            0.591429344886417493481,
            0.138151865749083321638,
            0.0160746087093676504695,
            0.000964011807005165528527,
            0.275335474764726041141e-4,
            0.282243172016108031869e-6,
        ),
    ),
    (
        44.0,
        _f32(0.99714565277099609375),
        18.0,
        (
            -0.0024978212791898131227,
            -0.779190719229053954292e-5,
            0.254723037413027451751e-4,
            0.162397777342510920873e-5,
            0.396341011304801168516e-7,
            0.411632831190944208473e-9,
            0.145596286718675035587e-11,
            -0.116765012397184275695e-17,
        ),
        (
            1.0,
            0.207123112214422517181,
            0.0169410838120975906478,
            0.000690538265622684595676,
            0.145007359818232637924e-4,
            0.144437756628144157666e-6,
            0.509761276599778486139e-9,
        ),
    ),
    (
        math.inf,
        _f32(0.99941349029541015625),
        44.0,
        (
            -0.000539042911019078575891,
            -0.28398759004727721098e-6,
            0.899465114892291446442e-6,
            0.229345859265920864296e-7,
            0.225561444863500149219e-9,
            0.947846627503022684216e-12,
            0.135880130108924861008e-14,
            -0.348890393399948882918e-21,
        ),
        (
            1.0,
            0.0845746234001899436914,
            0.00282092984726264681981,
            0.468292921940894236786e-4,
            0.399968812193862100054e-6,
            0.161809290887904476097e-8,
            0.231558608310259605225e-11,
        ),
    ),
)


def _horner(coeffs, x):
    """sum(coeffs[k] * x**k) by Horner's rule from the highest order (the C++ order)."""
    total = np.full_like(x, coeffs[-1])
    for c in reversed(coeffs[:-1]):
        total = total * x + c
    return total


def _erf_inv(p, q):
    """erf^-1(p) for p in [0, 1), with q = 1 - p passed separately (as boost does)."""
    out = np.empty_like(p)
    central = p <= 0.5
    pc = p[central]
    y, num, den = _CENTRAL
    g = pc * (pc + 10.0)
    out[central] = g * y + g * (_horner(num, pc) / _horner(den, pc))
    shoulder = ~central & (q >= 0.25)
    qs = q[shoulder]
    y, num, den = _SHOULDER
    g = np.sqrt(-2.0 * np.log(qs))
    out[shoulder] = g / (y + _horner(num, qs - 0.25) / _horner(den, qs - 0.25))
    tail = ~central & ~shoulder
    x = np.sqrt(-np.log(q[tail]))
    values = np.empty_like(x)
    lower = -math.inf
    for upper, y, shift, num, den in _TAILS:
        sel = (x >= lower) & (x < upper)
        xs = x[sel] - shift
        values[sel] = y * x[sel] + (_horner(num, xs) / _horner(den, xs)) * x[sel]
        lower = upper
    out[tail] = values
    return out


def truncated_normal_fill(seed, n, low, high, mean, sigma):
    """`n` float32 values from N(mean, sigma**2) restricted to [low, high], by inverting the
    normal CDF at a uniform point between the CDF values of the bounds.

    Example:
        >>> truncated_normal_fill(900450186894289456, 3, -2.0, 2.0, 0.0, 0.5).tolist()
        [0.333574116230011, -0.022984391078352928, 0.14716611802577972]
    """
    low, high, mean, sigma = (_f32(v) for v in (low, high, mean, sigma))
    if sigma <= 0:
        raise ValueError(f"TruncatedNormal: `sigma` must be positive, got {sigma}")
    cdf_low = math.erfc(-((low - mean) / sigma / _ROOT_TWO)) / 2.0
    cdf_high = math.erfc(-((high - mean) / sigma / _ROOT_TWO)) / 2.0
    unit = _words(seed, n).astype(np.float64) / 2.0**32
    z = 2.0 * (cdf_low + unit * (cdf_high - cdf_low))
    # erfc^-1 is taken on (0, 2): values at or past an end move to the nearest float32 inside
    z = np.where(z <= 0.0, float(np.nextafter(np.float32(0), np.float32(1))), z)
    z = np.where(z >= 2.0, float(np.nextafter(np.float32(2), np.float32(0))), z)
    upper = z > 1.0
    q = np.where(upper, 2.0 - z, z)
    p = np.where(upper, 1.0 - q, 1.0 - z)
    x = np.where(upper, -1.0, 1.0) * _erf_inv(p, q)
    return (mean + (-x * _ROOT_TWO) * sigma).astype(np.float32)
