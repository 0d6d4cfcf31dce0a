"""Examples for `msfunc.scipy.special`, whose functions are jax.scipy.special's (and keep
its docstrings): each name's doctest, added to its docstring (``jnp`` is jax.numpy).

Outputs are msfunc's, the known value noted beside many; tests/test_ops_docstrings.py runs them.
"""

EXAMPLES = {
    "bernoulli": """\
    >>> print(bernoulli(4).asnumpy().round(4))  # B0..B4
    [ 1.     -0.5     0.1667  0.     -0.0333]
""",
    "bessel_jn": """\
    >>> print(bessel_jn(jnp.array([1.0, 2.0]), v=1)[1].asnumpy().round(4))  # J1
    [0.4401 0.5767]
""",
    "beta": """\
    >>> print(beta(jnp.array([2.0]), jnp.array([3.0])).asnumpy().round(4))  # 1/12
    [0.0833]
""",
    "betainc": """\
    >>> print(betainc(jnp.array([1.0]), jnp.array([1.0]), jnp.array([0.3])).asnumpy())
    [0.3]
""",
    "betaln": """\
    >>> print(betaln(jnp.array([2.0]), jnp.array([3.0])).asnumpy().round(4))  # log 1/12
    [-2.4849]
""",
    "boxcox": """\
    >>> print(boxcox(jnp.array([1.0, 4.0]), 0.5).asnumpy())  # (x^l - 1) / l
    [0. 2.]
""",
    "boxcox1p": """\
    >>> print(boxcox1p(jnp.array([0.0, 3.0]), 0.5).asnumpy())
    [0. 2.]
""",
    "comb": """\
    >>> print(comb(jnp.array([5.0]), jnp.array([2.0])).asnumpy())
    [10.]
""",
    "dawsn": """\
    >>> print(dawsn(jnp.array([0.0, 1.0])).asnumpy().round(4))
    [0.     0.5381]
""",
    "digamma": """\
    >>> print(digamma(jnp.array([1.0, 2.0])).asnumpy().round(4))  # -gamma, 1 - gamma
    [-0.5772  0.4228]
""",
    "entr": """\
    >>> print(entr(jnp.array([0.0, 0.5, 1.0])).asnumpy().round(4))  # -x log x
    [-0.      0.3466 -0.    ]
""",
    "erf": """\
    >>> print(erf(jnp.array([0.0, 1.0])).asnumpy().round(4))
    [0.     0.8427]
""",
    "erfc": """\
    >>> print(erfc(jnp.array([0.0, 1.0])).asnumpy().round(4))
    [1.     0.1573]
""",
    "erfcx": """\
    >>> print(erfcx(jnp.array([0.0, 1.0])).asnumpy().round(4))  # exp(x^2) erfc(x)
    [1.     0.4276]
""",
    "erfinv": """\
    >>> print(erfinv(jnp.array([0.0, 0.5])).asnumpy().round(4))
    [0.     0.4769]
""",
    "exp1": """\
    >>> print(exp1(jnp.array([1.0])).asnumpy().round(4))
    [0.2194]
""",
    "expi": """\
    >>> print(expi(jnp.array([1.0])).asnumpy().round(4))
    [1.8951]
""",
    "expit": """\
    >>> print(expit(jnp.array([0.0, 2.0])).asnumpy().round(4))  # the logistic sigmoid
    [0.5    0.8808]
""",
    "expn": """\
    >>> print(expn(2, jnp.array([1.0])).asnumpy().round(4))
    [0.1485]
""",
    "factorial": """\
    >>> print(factorial(jnp.array([0.0, 3.0, 5.0])).asnumpy())
    [  1.   6. 120.]
""",
    "fresnel": """\
    >>> s, c = fresnel(jnp.array([1.0]))
    >>> print(s.asnumpy().round(4), c.asnumpy().round(4))
    [0.4383] [0.7799]
""",
    "gamma": """\
    >>> print(gamma(jnp.array([0.5, 5.0])).asnumpy().round(4))  # sqrt(pi), 4!
    [ 1.7725 24.    ]
""",
    "gammainc": """\
    >>> print(gammainc(jnp.array([1.0]), jnp.array([2.0])).asnumpy().round(4))  # 1 - e^-2
    [0.8647]
""",
    "gammaincc": """\
    >>> print(gammaincc(jnp.array([1.0]), jnp.array([2.0])).asnumpy().round(4))  # e^-2
    [0.1353]
""",
    "gammaln": """\
    >>> print(gammaln(jnp.array([5.0])).asnumpy().round(4))  # log 24
    [3.1781]
""",
    "gammasgn": """\
    >>> print(gammasgn(jnp.array([-0.5, 0.5])).asnumpy())
    [-1.  1.]
""",
    "hyp1f1": """\
    >>> print(hyp1f1(jnp.array([1.0]), jnp.array([1.0]), jnp.array([1.0])).asnumpy().round(4))  # e
    [2.7183]
""",
    "hyp2f1": """\
    >>> print(hyp2f1(1.0, 1.0, 2.0, jnp.array([0.5])).asnumpy().round(4))  # -log(1 - x) / x
    [1.3863]
""",
    "i0": """\
    >>> print(i0(jnp.array([0.0, 1.0])).asnumpy().round(4))
    [1.     1.2661]
""",
    "i0e": """\
    >>> print(i0e(jnp.array([0.0, 1.0])).asnumpy().round(4))  # exp(-|x|) i0(x)
    [1.     0.4658]
""",
    "i1": """\
    >>> print(i1(jnp.array([0.0, 1.0])).asnumpy().round(4))
    [0.     0.5652]
""",
    "i1e": """\
    >>> print(i1e(jnp.array([0.0, 1.0])).asnumpy().round(4))
    [0.     0.2079]
""",
    "kl_div": """\
    >>> print(kl_div(jnp.array([0.5]), jnp.array([0.25])).asnumpy().round(4))
    [0.0966]
""",
    "log_ndtr": """\
    >>> print(log_ndtr(jnp.array([0.0])).asnumpy().round(4))  # log 1/2
    [-0.6931]
""",
    "log_softmax": """\
    >>> print(log_softmax(jnp.array([0.0, 0.0])).asnumpy().round(4))
    [-0.6931 -0.6931]
""",
    "loggamma": """\
    >>> print(loggamma(jnp.array([5.0])).asnumpy().round(4))
    [3.1781]
""",
    "logit": """\
    >>> print(logit(jnp.array([0.5, 0.75])).asnumpy().round(4))  # log(p / (1 - p))
    [0.     1.0986]
""",
    "logsumexp": """\
    >>> print(logsumexp(jnp.array([0.0, 0.0])).asnumpy().round(4))  # log 2
    0.6931
""",
    "multigammaln": """\
    >>> print(multigammaln(jnp.array([2.0]), 1).asnumpy().round(4))  # gammaln for d = 1
    [0.]
""",
    "ndtr": """\
    >>> print(ndtr(jnp.array([0.0, 1.0])).asnumpy().round(4))
    [0.5    0.8413]
""",
    "ndtri": """\
    >>> print(ndtri(jnp.array([0.5, 0.975])).asnumpy().round(4))
    [0.   1.96]
""",
    "owens_t": """\
    >>> print(owens_t(jnp.array([0.0]), jnp.array([1.0])).asnumpy().round(4))  # atan(a) / 2 pi
    [0.125]
""",
    "poch": """\
    >>> print(poch(jnp.array([2.0]), jnp.array([3.0])).asnumpy())  # 2 * 3 * 4
    [24.]
""",
    "polygamma": """\
    >>> print(polygamma(jnp.array([1]), jnp.array([1.0])).asnumpy().round(4))  # pi^2 / 6
    [1.6449]
""",
    "rel_entr": """\
    >>> print(rel_entr(jnp.array([0.5]), jnp.array([0.25])).asnumpy().round(4))  # x log(x / y)
    [0.3466]
""",
    "sici": """\
    >>> si, ci = sici(jnp.array([1.0]))
    >>> print(si.asnumpy().round(4), ci.asnumpy().round(4))
    [0.9461] [0.3374]
""",
    "softmax": """\
    >>> print(softmax(jnp.array([0.0, 0.0])).asnumpy())
    [0.5 0.5]
""",
    "spence": """\
    >>> print(spence(jnp.array([1.0, 0.0])).asnumpy().round(4))  # 0, pi^2 / 6
    [0.     1.6449]
""",
    "sph_harm_y": """\
    >>> y = sph_harm_y(jnp.array([0]), jnp.array([0]), jnp.array([0.3]), jnp.array([0.2]))
    >>> print(y.asnumpy().real.round(4))  # 1 / (2 sqrt(pi))
    [0.2821]
""",
    "wofz": """\
    >>> print(wofz(jnp.array([0.0 + 0.0j])).asnumpy())
    [1.+0.j]
""",
    "xlog1py": """\
    >>> print(xlog1py(jnp.array([0.0, 2.0]), jnp.array([-1.0, 0.0])).asnumpy())
    [0. 0.]
""",
    "xlogy": """\
    >>> print(xlogy(jnp.array([0.0, 2.0]), jnp.array([0.0, 1.0])).asnumpy())
    [0. 0.]
""",
    "zeta": """\
    >>> print(zeta(jnp.array([2.0]), jnp.array([1.0])).asnumpy().round(4))  # pi^2 / 6
    [1.6449]
""",
}
