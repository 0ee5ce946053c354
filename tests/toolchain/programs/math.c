/* libm on x32: results must match the x86-64 ones bit for bit for these inputs. */
#include <math.h>
#include <stdio.h>

int main(void)
{
    volatile double x = 0.5;
    double s = sin(x), e = exp(x), l = log(10.0 * x), p = pow(x, 3.25);
    long double q = sqrtl(2.0L);
    printf("%.17g %.17g %.17g %.17g %.21Lg\n", s, e, l, p, q);
    return (fabs(s - 0.479425538604203) < 1e-15 && fabs(e - 1.6487212707001282) < 1e-15
            && fabs(l - 1.6094379124341003) < 1e-15 && fabs(p - 0.10511205190671431) < 1e-15
            && fabsl(q * q - 2.0L) < 1e-18L) ? 0 : 1;
}
